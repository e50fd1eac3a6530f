import { useEffect, type MouseEvent } from 'react';

/**
 * Asking before a screen with unsaved changes is left.
 *
 * The app runs a declarative BrowserRouter (decision 147), which has no `useBlocker`, so the
 * in-app ways out ask for themselves: the screen's own Cancel, and the tab bar through
 * `leaveOrAsk`. Closing or reloading the tab gets the browser's `beforeunload` prompt. The
 * browser's own Back (popstate) cannot be stopped without a data router: it leaves as before.
 */
type AskToLeave = () => Promise<boolean>;

/** At most one screen is on show, so at most one asks. */
let askToLeave: AskToLeave | null = null;

/**
 * While `unsaved`, `ask` answers whether to leave anyway (the in-app ways out), and while
 * `lostOnUnload`, closing or reloading the tab asks too. They differ while a save is under way:
 * leaving inside the app lets its requests finish, unloading the page would abort them.
 */
export function useAskBeforeLeaving({ unsaved, lostOnUnload }: { unsaved: boolean; lostOnUnload: boolean }, ask: AskToLeave): void {
  useEffect(() => {
    if (!unsaved) return;
    askToLeave = ask;
    return () => {
      if (askToLeave === ask) askToLeave = null;
    };
  }, [unsaved, ask]);
  useEffect(() => {
    if (!lostOnUnload) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = true; // what Chromium before 119 listens to
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [lostOnUnload]);
}

/**
 * For a link's onClick: with nothing unsaved the link goes as usual; else the click waits for the
 * answer and `go()` runs only on 'leave'. A click that opens a new tab loses nothing: it goes.
 */
export function leaveOrAsk(event: MouseEvent, go: () => void): void {
  const ask = askToLeave;
  const opensElsewhere = event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey;
  if (!ask || opensElsewhere) return;
  event.preventDefault();
  void ask().then((leave) => leave && go());
}
