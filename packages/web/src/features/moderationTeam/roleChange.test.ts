import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadLaterTexts, setLocale } from '../../i18n';
import { canRemoveRole, roleChangeTexts } from './roleChange';

beforeAll(() => loadLaterTexts());
afterEach(() => setLocale('en'));

const admin = { id: 'a1', isAdmin: true, isModerator: true };
const moderator = { id: 'm1', isAdmin: false, isModerator: true };

describe("the Team screen's role changes", () => {
  it("never offers 'Remove role' on the signed-in person's own row, nor at or above their role", () => {
    expect(canRemoveRole(admin, { id: 'a1', role: 'admin' })).toBe(false); // their own row
    expect(canRemoveRole(admin, { id: 'a2', role: 'admin' })).toBe(false); // another admin
    expect(canRemoveRole(admin, { id: 'm1', role: 'moderator' })).toBe(true);
    expect(canRemoveRole(moderator, { id: 'm1', role: 'moderator' })).toBe(false);
    expect(canRemoveRole(moderator, { id: 'm2', role: 'moderator' })).toBe(false);
    expect(canRemoveRole(undefined, { id: 'm1', role: 'moderator' })).toBe(false); // not loaded yet
  });

  it('asks once and then says what changed: the role given, or the role taken away', async () => {
    await setLocale('en');
    expect(roleChangeTexts('bob', 'moderator', undefined)).toEqual({ confirm: 'Make @bob Moderator?', confirmLabel: 'Apply', done: '@bob is now Moderator.' });
    expect(roleChangeTexts('bob', 'admin', 'moderator')).toEqual({ confirm: 'Make @bob Admin?', confirmLabel: 'Apply', done: '@bob is now Admin.' });
    expect(roleChangeTexts('bob', 'user', 'moderator')).toEqual({
      confirm: 'Remove the Moderator role from @bob? Their account becomes a plain user’s.',
      confirmLabel: 'Remove role',
      done: '@bob is no longer Moderator.',
    });
    // the form may name someone outside the team: giving 'User' then says so plainly
    expect(roleChangeTexts('carol', 'user', undefined).done).toBe('@carol is now User.');
    await setLocale('fr');
    expect(roleChangeTexts('bob', 'user', 'moderator')).toEqual({
      confirm: 'Retirer le rôle Modérateur à @bob\u202f? Son compte redevient un compte ordinaire.',
      confirmLabel: 'Retirer le rôle',
      done: '@bob n’est plus Modérateur.',
    });
    expect(roleChangeTexts('bob', 'moderator', undefined).done).toBe('@bob est maintenant Modérateur.');
  });
});
