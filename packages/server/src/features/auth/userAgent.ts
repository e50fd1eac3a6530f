import Bowser from 'bowser';

/** What 'Your sessions' shows of a device: its browser and system by name, never the raw header. */
export interface DeviceSummary {
  browser: string | null;
  os: string | null;
}

export const NO_DEVICE: DeviceSummary = { browser: null, os: null };

/** Longer than any name bowser gives; a forged header cannot fill a row. */
const MAX_NAME = 40;

const name = (value: string | undefined): string | null => {
  const trimmed = value?.trim();
  return trimmed ? trimmed.slice(0, MAX_NAME) : null;
};

/**
 * The browser and system a User-Agent names ('Firefox', 'Linux'), read by bowser (decision 357);
 * null for what it does not recognise. Read once, at sign-in: the session stores the summary.
 */
export function deviceSummary(userAgent: string | undefined): DeviceSummary {
  if (!userAgent) return NO_DEVICE;
  const parsed = Bowser.parse(userAgent);
  return { browser: name(parsed.browser.name), os: name(parsed.os.name) };
}
