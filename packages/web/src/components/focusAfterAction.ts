/**
 * Keyboard focus after an action removes, replaces or disables the control that had it. Left
 * alone, focus falls to <body> and the next Tab starts again from the top of the page (decision
 * 207). These helpers move it to the sensible next place once the page has changed, and only if
 * focus really was lost: a user who has meanwhile moved on is left where they are.
 */

/** What can take focus from Tab (shared with the focus trap). */
export const FOCUSABLE = 'a[href], button:not(:disabled), input:not(:disabled), textarea:not(:disabled), select:not(:disabled), [tabindex="0"]';

/** How long a request for focus waits for the page to change (a slow server answer) before it lapses. */
const WAIT_MS = 30_000;

/** Focus is nowhere useful: on <body>, or on a control that has left the page or been disabled. */
export function focusIsLost(): boolean {
  const active = document.activeElement;
  return !active || active === document.body || !active.isConnected || active.matches(':disabled');
}

/** Focuses `element`; a heading or a text that cannot take focus gets tabindex -1 first. */
export function focusElement(element: HTMLElement): void {
  if (!element.matches(FOCUSABLE) && !element.hasAttribute('tabindex')) element.tabIndex = -1;
  element.focus();
}

// the last way the user pointed: after a tap, focusing a text field would open the on-screen keyboard
let lastPointerType: string | null = null;
if (typeof document !== 'undefined') {
  document.addEventListener('pointerdown', (event) => (lastPointerType = event.pointerType), true);
  document.addEventListener('keydown', () => (lastPointerType = null), true);
}
const isTextField = (element: HTMLElement) => element.matches('textarea, input:not([type=checkbox], [type=radio], [type=button], [type=submit])');

/** Stops the one request still waiting, if any. */
let cancelPending: () => void = () => {};

/**
 * Moves focus to `target()` as soon as it returns an element that is on the page and enabled (a
 * button still disabled while its request runs is waited for), if focus was lost on the way.
 * `target()` may return nothing until the page is ready. Lapses after a while, on a tap or a
 * click, or when the screen changes. Returns a function that cancels the request.
 */
export function focusWhenReady(target: () => HTMLElement | null | undefined): () => void {
  // the newest action decides: an older request still waiting (its list not refetched yet) lapses
  cancelPending();
  const { pathname } = window.location;
  const attempt = (): boolean => {
    if (window.location.pathname !== pathname) return true;
    const element = target();
    if (!element?.isConnected || element.matches(':disabled')) return false;
    // a dialog the action opened meanwhile (the offer to share an answer) holds focus: wait until it
    // closes, when focus would otherwise fall to <body>
    const dialog = document.activeElement?.closest('[role="dialog"], [role="alertdialog"]');
    if (dialog && !dialog.contains(element)) return false;
    const tapped = lastPointerType === 'touch' || lastPointerType === 'pen';
    if (focusIsLost() && !(tapped && isTextField(element))) focusElement(element);
    return true;
  };
  if (attempt()) return () => {};

  const observer = new MutationObserver(() => {
    if (attempt()) stop();
  });
  const timer = setTimeout(() => stop(), WAIT_MS);
  function stop() {
    observer.disconnect();
    clearTimeout(timer);
    document.removeEventListener('pointerdown', stop, true);
    if (cancelPending === stop) cancelPending = () => {};
  }
  cancelPending = stop;
  observer.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['disabled'] });
  // a pointer user who clicks elsewhere meanwhile has chosen where to be
  document.addEventListener('pointerdown', stop, true);
  return stop;
}

const REGION = 'section, [role="dialog"], main';

/**
 * Call when an action is about to remove `item` (a row of a list, an inbox card): once it has
 * left the page, focus goes to the first control of the next item, else of the previous one,
 * else to the list's empty state or heading. The items are `item`'s siblings of the same tag.
 */
export function focusAfterRemoval(item: HTMLElement | null | undefined): () => void {
  const list = item?.parentElement;
  if (!item || !list) return () => {};
  const siblings = [...list.children].filter((child): child is HTMLElement => child instanceof HTMLElement && child.tagName === item.tagName);
  const index = siblings.indexOf(item);
  const candidates = [...siblings.slice(index + 1), ...siblings.slice(0, index).reverse()];
  // where the list lives (its section, dialog, the screen): the nearest that stays when the last item goes
  const regions: HTMLElement[] = [];
  for (let region = item.closest<HTMLElement>(REGION); region; region = region.parentElement?.closest<HTMLElement>(REGION) ?? null) regions.push(region);

  return focusWhenReady(() => {
    if (item.isConnected) return null;
    for (const candidate of candidates) {
      const control = candidate.isConnected ? candidate.querySelector<HTMLElement>(FOCUSABLE) : null;
      if (control) return control;
    }
    const region = regions.find((element) => element.isConnected);
    if (!region) return null;
    return region.querySelector<HTMLElement>('[data-empty-state]') ?? region.querySelector<HTMLElement>('h1, h2, h3') ?? region;
  });
}
