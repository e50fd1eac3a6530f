import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';

/**
 * The people a screen suggests right now, so that the desktop's right rail suggests others: one
 * screen never suggests the same person twice. Kept per screen part (`owner`), in React state.
 */
interface ShownSuggestions {
  shown: ReadonlySet<string>;
  show(owner: string, usernames: readonly string[]): void;
}

const Context = createContext<ShownSuggestions>({ shown: new Set(), show: () => undefined });

export function ShownSuggestionsProvider({ children }: { children: ReactNode }) {
  const [byOwner, setByOwner] = useState<Record<string, readonly string[]>>({});
  const show = useCallback((owner: string, usernames: readonly string[]) => {
    setByOwner((current) => {
      const { [owner]: previous, ...others } = current;
      if (usernames.length === 0) return previous ? others : current;
      return previous?.join() === usernames.join() ? current : { ...others, [owner]: usernames };
    });
  }, []);
  const shown = useMemo(() => new Set(Object.values(byOwner).flat()), [byOwner]);
  const value = useMemo(() => ({ shown, show }), [shown, show]);
  return <Context.Provider value={value}>{children}</Context.Provider>;
}

/** Says which people this part of the screen suggests, for as long as it shows them. */
export function useSuggesting(owner: string, usernames: readonly string[]): void {
  const { show } = useContext(Context);
  const key = usernames.join(' ');
  useEffect(() => {
    show(owner, key ? key.split(' ') : []);
    return () => show(owner, []);
  }, [show, owner, key]);
}

/** The people the screen already suggests: another list leaves them out. */
export const useSuggestedElsewhere = (): ReadonlySet<string> => useContext(Context).shown;
