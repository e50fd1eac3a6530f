import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import type { Profile } from '@askbox/common';
import { setLocale } from '../../i18n';
import { ProfileHeader } from './ProfileHeader';

const user = (movedTo: string | null): Profile['user'] => ({
  id: 'u1',
  username: 'alice',
  fullname: 'Alice',
  photoURL: '/default-avatar.png',
  coverURL: null,
  badge: '',
  bio: '',
  website: '',
  refusesAnonymousQuestions: false,
  publicProfile: true,
  movedTo,
});
const notes = (movedTo: string | null) =>
  [...renderToStaticMarkup(<ProfileHeader profile={{ user: user(movedTo), counts: null }} />).matchAll(/<p [^>]*role="note"[^>]*>(.*?)<\/p>/g)].map((match) =>
    match[1]!.replace(/<[^>]*>/g, '').trim(),
  );

afterEach(() => setLocale('en'));

describe('the profile header of a moved account', () => {
  it('says where the account moved, in English and in French', async () => {
    expect(notes('@alice@new.example')).toEqual(['This account has moved to @alice@new.example']);
    await setLocale('fr');
    expect(notes('@alice@new.example')).toEqual(['Ce compte a déménagé vers @alice@new.example']);
  });

  it('says nothing of moving for an account that has not moved', () => {
    expect(notes(null)).toEqual([]);
  });
});
