/** Pages the page benchmarks share. */

/** A game page of the line: the first link four segments below `/en/line/` in the line's HTML (waits up to 60 s for the feed). */
export async function lineGamePath(origin: string): Promise<string> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const html = await (await fetch(`${origin}/en/line/`)).text();
    const game = /href="(\/en\/line\/[^"/]+\/[^"/]+\/[^"/]+\/[^"/]+\/?)"/.exec(html)?.[1];
    if (game) return game;
    await new Promise((r) => setTimeout(r, 1000));
  }
  throw new Error('no game link on /en/line/ within 60 s');
}
