import { MOTION_MS, reducedMotion } from './motion';

// apart from motion.ts: the first screens' navigation needs only that one (budget, decision 147)

/**
 * A card that is leaving its list (answered, deleted) collapses and fades. It leaves the
 * accessibility tree and the focus order at once (`inert`); the list's refetch then removes it from
 * the page, whether or not the animation has finished. Called once the server has done the action.
 */
export function collapseAway(card: HTMLElement | null): void {
  if (!card) return;
  card.inert = true;
  if (!reducedMotion() && typeof card.animate === 'function') {
    const { height } = card.getBoundingClientRect();
    const { marginBottom, paddingTop, paddingBottom } = getComputedStyle(card);
    card.animate(
      [
        { height: `${height}px`, marginBottom, paddingTop, paddingBottom, opacity: 1, overflow: 'hidden' },
        { height: '0px', marginBottom: '0px', paddingTop: '0px', paddingBottom: '0px', opacity: 0, overflow: 'hidden' },
      ],
      { duration: MOTION_MS, easing: 'ease-in', fill: 'forwards' },
    );
  }
}
