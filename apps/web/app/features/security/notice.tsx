import styles from './security.module.css';

export type Notice = { kind: 'success' | 'error'; text: string } | null;

/** A panel's last outcome: announced politely on success, assertively on error. */
export function NoticeLine({ notice }: { notice: Notice }) {
  if (!notice) return null;
  return (
    <p role={notice.kind === 'error' ? 'alert' : 'status'} className={`${styles.notice} ${styles[notice.kind]}`}>
      {notice.text}
    </p>
  );
}
