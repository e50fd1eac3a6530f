/** UI strings of the grouped Activity tab (to move into the locale catalogs when they land). */
export const notificationTexts = {
  /** 'Chloé', 'Chloé and Marc', 'Chloé and 9 others' */
  whoDidIt: (first: string, count: number, second?: string) =>
    count === 1 ? first : count === 2 && second ? `${first} and ${second}` : `${first} and ${count - 1} ${count - 1 === 1 ? 'other' : 'others'}`,
  showEveryone: (count: number) => `Show all ${count}`,
  hideEveryone: 'Hide the list',
  loadMorePeople: 'Show more',
};
