import type { Locale, PromptList } from '@askbox/common';
import { api } from '../../api/client';

/**
 * The ideas behind 'Need inspiration?', loaded on the first click only (this module is imported
 * then): the server's list (built-in, the admins' and the question of the day). Should it fail, the
 * built-in list is enough. Each click draws the next idea of a shuffled deck: no repeat until all were shown.
 */
interface Deck {
  cards: string[];
  next: number;
}
const decks = new Map<Locale, Promise<Deck>>();

const shuffled = (items: readonly string[]): string[] => {
  const cards = [...items];
  for (let i = cards.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [cards[i], cards[j]] = [cards[j]!, cards[i]!];
  }
  return cards;
};

async function load(locale: Locale): Promise<Deck> {
  const list = await api.get<PromptList>(`/api/prompts?lang=${locale}`).catch(async () => {
    const { BUILT_IN_PROMPTS } = await import('@askbox/common/prompts/builtin');
    return { questionOfTheDay: null, prompts: [...BUILT_IN_PROMPTS[locale]] };
  });
  const today = list.questionOfTheDay;
  const rest = shuffled(today === null ? list.prompts : list.prompts.filter((text) => text !== today));
  // the question of the day comes first
  return { cards: today === null ? rest : [today, ...rest], next: 0 };
}

export async function nextPrompt(locale: Locale): Promise<string> {
  let loading = decks.get(locale);
  if (!loading) {
    loading = load(locale);
    decks.set(locale, loading);
    // a failed load is tried again on the next click
    loading.catch(() => decks.delete(locale));
  }
  const deck = await loading;
  const card = deck.cards[deck.next % deck.cards.length] ?? '';
  deck.next += 1;
  return card;
}
