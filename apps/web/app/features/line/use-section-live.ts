/**
 * A listing follows `section:{line|live}`: sport counts move with the topic, and when games
 * enter or leave the section the page's loader runs again (debounced), so a game that
 * starts appears in live and a finished one leaves it. The topic's first counts differing from
 * the loaded ones mean the list changed between the load and the subscription: loaded again too.
 */
import { useEffect, useRef, useState } from 'react';
import { useRevalidator } from 'react-router';
import type { LineSection, SectionDelta, SportCount } from '@betsite/contracts';
import { useLiveTopic } from '../live/index.ts';

/** Contracts `LINE_SECTION_FAMILY`. */
export const sectionTopic = (section: LineSection) => `section:${section}`;

/** Waits this long after a change before loading again, so a burst of changes costs one load. */
export const SECTION_REFETCH_MS = 1_500;

/** The counts after the topic's news (only sports already listed: hidden sports stay hidden). */
export function applyCounts(sports: readonly SportCount[], counts: readonly { sportId: number; count: number }[]): SportCount[] {
  if (counts.length === 0) return sports as SportCount[];
  const byId = new Map(counts.map((c) => [c.sportId, c.count]));
  return sports.map((s) => (byId.has(s.id) && byId.get(s.id) !== s.count ? { ...s, count: byId.get(s.id) as number } : s));
}

/** Whether the topic's counts (every sport of the section) differ from a listed sport's loaded count. */
export function countsDiffer(listed: readonly SportCount[], counts: readonly { sportId: number; count: number }[]): boolean {
  const byId = new Map(counts.map((c) => [c.sportId, c.count]));
  return listed.some((s) => (byId.get(s.id) ?? 0) !== s.count);
}

/** Whether a section change concerns the list shown (a shown game left, or a game came in where the list looks). */
export function concernsList(delta: Pick<SectionDelta, 'added' | 'removed' | 'counts'>, shown: ReadonlySet<number>, sportIds: readonly number[] | null): boolean {
  if (delta.removed.some((id) => shown.has(id))) return true;
  if (delta.added.length === 0) return false;
  return sportIds === null || delta.counts.some((c) => sportIds.includes(c.sportId));
}

export interface SectionLiveOptions {
  /** The counts of the topic are of the unfiltered section: with a time filter only reloads apply. */
  filtered: boolean;
  /** Ids of the games on the page. */
  shown: readonly number[];
  /** The sports the list is restricted to (null: all). */
  sportIds: readonly number[] | null;
  enabled?: boolean;
}

export function useSectionLive(section: LineSection, sports: readonly SportCount[], { filtered, shown, sportIds, enabled = true }: SectionLiveOptions): SportCount[] {
  const [counts, setCounts] = useState<{ source: readonly SportCount[]; sports: SportCount[] }>({ source: sports, sports: [...sports] });
  let current = counts;
  if (counts.source !== sports) {
    current = { source: sports, sports: [...sports] };
    setCounts(current);
  }
  const revalidator = useRevalidator();
  const revalidate = useRef(revalidator.revalidate);
  useEffect(() => {
    revalidate.current = revalidator.revalidate;
  });
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const shownSet = new Set(shown);
  // One load for a burst of changes: a pending load already covers this one.
  const loadAgainSoon = () => {
    timer.current ??= window.setTimeout(() => {
      timer.current = undefined;
      void revalidate.current();
    }, SECTION_REFETCH_MS);
  };

  useLiveTopic<{ sports: SportCount[] }, SectionDelta>(enabled ? sectionTopic(section) : null, {
    onSnapshot: (snapshot) => {
      if (filtered) return;
      const counts = snapshot.sports.map((s) => ({ sportId: s.id, count: s.count }));
      setCounts((c) => ({ ...c, sports: applyCounts(c.sports, counts) }));
      if (countsDiffer(current.source, counts)) loadAgainSoon();
    },
    onDelta: (delta) => {
      if (!filtered) setCounts((c) => ({ ...c, sports: applyCounts(c.sports, delta.counts) }));
      const unknownSport = current.sports.length > 0 && delta.counts.some((c) => c.count > 0 && !current.sports.some((s) => s.id === c.sportId));
      if (filtered || unknownSport || concernsList(delta, shownSet, sportIds)) loadAgainSoon();
    },
  });
  return current.sports;
}
