import { createContext, useContext } from 'react';

/**
 * Whether the splash has lifted: screens mount under it to load early (decision 147), so anything
 * timed "after the screen appears" (the install prompt's 3 s) waits for this, not for mounting.
 */
export const RevealedContext = createContext(true);

export const useRevealed = () => useContext(RevealedContext);
