/**
 * A game's generated art (domain `artSvg`), as the picture the server serves at `artPath`:
 * decorative, the title is said next to it. An image per tile keeps a lobby's HTML and
 * render small (each picture is some thirty SVG elements) and lets the browser cache them.
 */
import { ART_HEIGHT, ART_WIDTH, artPath } from '@betsite/domain';
import type { CasinoArt } from '@betsite/contracts';

export function GameArt({ art, id, className, eager = false }: { art: CasinoArt; id: string; className?: string; eager?: boolean }) {
  return <img className={className} src={artPath(art, id)} alt="" width={ART_WIDTH} height={ART_HEIGHT} loading={eager ? 'eager' : 'lazy'} decoding="async" />;
}
