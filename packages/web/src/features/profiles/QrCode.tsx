import { create } from 'qrcode';

import styles from './InviteCard.module.css';

/**
 * A QR code of `text` as SVG squares (no canvas, no markup strings), for posters and screens.
 * Dark on white whatever the theme: scanners expect it.
 */
export function QrCode({ text, label }: { text: string; label: string }) {
  const { modules } = create(text, { errorCorrectionLevel: 'M' });
  const size = modules.size;
  const quiet = 4; // the blank margin scanners need
  const squares: string[] = [];
  for (let y = 0; y < size; y++) for (let x = 0; x < size; x++) if (modules.get(y, x)) squares.push(`M${x + quiet} ${y + quiet}h1v1h-1z`);
  const side = size + 2 * quiet;
  return (
    <svg className={styles.qr} viewBox={`0 0 ${side} ${side}`} role="img" aria-label={label} data-testid="profile-qr" shapeRendering="crispEdges">
      <rect width={side} height={side} fill="#ffffff" />
      <path d={squares.join('')} fill="#000000" />
    </svg>
  );
}
