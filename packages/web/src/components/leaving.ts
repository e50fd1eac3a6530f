import { MOTION_MS, reducedMotion } from './motion';

// apart from motion.ts: the first screens' navigation needs only that one (budget, decision 147)

/**
 * The sent question flies up off the ask box: a copy of its text, out of the accessibility tree,
 * drawn over the (already emptied) field and gone when it has flown.
 */
export function flyOff(field: HTMLTextAreaElement | null, text: string): void {
  if (!field || reducedMotion() || typeof field.animate !== 'function') return;
  const box = field.getBoundingClientRect();
  const style = getComputedStyle(field);
  const ghost = document.createElement('div');
  ghost.setAttribute('aria-hidden', 'true');
  ghost.textContent = text;
  Object.assign(ghost.style, {
    position: 'fixed',
    left: `${box.left}px`,
    top: `${box.top}px`,
    width: `${box.width}px`,
    maxHeight: `${box.height}px`,
    overflow: 'hidden',
    padding: style.padding,
    font: style.font,
    color: style.color,
    whiteSpace: 'pre-wrap',
    pointerEvents: 'none',
    zIndex: '40',
  });
  document.body.append(ghost);
  const flight = ghost.animate(
    [
      { transform: 'none', opacity: 1 },
      { transform: 'translateY(-48px) scale(0.96)', opacity: 0 },
    ],
    { duration: MOTION_MS, easing: 'cubic-bezier(0.4, 0, 1, 1)' },
  );
  const remove = () => ghost.remove();
  flight.onfinish = remove;
  flight.oncancel = remove;
}

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
