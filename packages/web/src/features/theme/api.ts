import { THEMES, type Theme } from '@askbox/common';

/**
 * The colour theme (decision 121): 'system' follows prefers-color-scheme; 'light' and 'dark'
 * pin it with `<html data-theme>`. The scheme in force, either way, is `<html data-scheme>`, the
 * one attribute tokens.css reads, so the dark tokens are written once. Kept in this browser
 * (signed-out screens, the next visit's first paint) and on the account (AccountTheme).
 */
const STORAGE_KEY = 'askbox.theme';
const listeners = new Set<() => void>();

function saved(): Theme {
  try {
    const value = localStorage.getItem(STORAGE_KEY);
    return (THEMES as readonly string[]).includes(value ?? '') ? (value as Theme) : 'system';
  } catch {
    return 'system';
  }
}

let current: Theme = saved();

const systemDark = () => window.matchMedia?.('(prefers-color-scheme: dark)');

function paint(theme: Theme): void {
  const root = document.documentElement;
  if (theme === 'system') delete root.dataset.theme;
  else root.dataset.theme = theme;
  root.dataset.scheme = theme === 'system' ? (systemDark()?.matches ? 'dark' : 'light') : theme;
}

/** Called once before the first render, so the first paint has the chosen colours; follows the system's changes after. */
export function applySavedTheme(): void {
  paint(current);
  systemDark()?.addEventListener('change', () => {
    if (current === 'system') paint(current);
  });
}

export const currentTheme = (): Theme => current;

export function setTheme(theme: Theme): void {
  try {
    localStorage.setItem(STORAGE_KEY, theme);
  } catch {
    // private mode: for this page only
  }
  if (theme === current) return;
  current = theme;
  paint(theme);
  listeners.forEach((listener) => listener());
}

export function subscribeTheme(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
