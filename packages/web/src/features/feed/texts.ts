/** UI strings of the feed's first-run state (to move into the locale catalogs when they land). */
export const feedTexts = {
  findFriends: 'Find friends',
  peopleToFollow: 'People to follow',
};
