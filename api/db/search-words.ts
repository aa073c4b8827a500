/**
 * Searching words in a stored search key (decision 009): the client's name (`clients.name_search`,
 * migration 002) and an order's product (`service_orders.product_search`, migration 014). A key holds
 * its text with a leading space, accents off, then lower case, and has a trigram index; every word typed
 * must be in it, in any order.
 */
import { type RawBuilder, sql } from 'kysely';

/**
 * A typed word as the keys hold it: accents off, then lower case (under a "C" ctype lower() folds ASCII
 * only, so accents go first).
 */
function keyWord(word: string) {
  return sql<string>`lower(f_unaccent(${word}))`;
}

/**
 * The word with its LIKE wildcards taken literally. Escaped in SQL, after unaccent, since unaccent itself
 * can yield '%' (from the full-width ％).
 */
function likeWord(word: string) {
  return sql`regexp_replace(${keyWord(word)}, ${String.raw`([\\%_])`}, ${String.raw`\\\1`}, 'g')`;
}

/** Below this many characters a word has no trigram: it is looked for at a word start instead. */
const MIN_INNER_WORD = 3;

/**
 * `key` holds the word: one of 3+ characters anywhere ('silva jos'); a shorter one at the start of a
 * word ('zé' finds 'Zé Carlos' and 'Zélia', not 'Souzé'), which keeps it indexable and meaningful.
 * `indexed: false` asks the same with strpos, which no index answers: for a word so common that reading
 * its trigrams in the index costs more than checking it on the rows the other words found.
 */
export function hasWord(key: string, word: string, { indexed = true } = {}): RawBuilder<boolean> {
  const column = sql.ref(key);
  const inner = [...word].length >= MIN_INNER_WORD;
  if (!indexed) {
    return inner
      ? sql<boolean>`strpos(${column}, ${keyWord(word)}) > 0`
      : sql<boolean>`strpos(${column}, ' ' || ${keyWord(word)}) > 0`;
  }
  return inner
    ? sql<boolean>`${column} LIKE ('%' || ${likeWord(word)} || '%')`
    : sql<boolean>`${column} LIKE ('% ' || ${likeWord(word)} || '%')`;
}

/** `key` holds every word (hasWord); `words` must not be empty. */
export function everyWord(key: string, words: readonly string[]): RawBuilder<boolean> {
  return sql<boolean>`(${sql.join(
    words.map((word) => hasWord(key, word)),
    sql` AND `,
  )})`;
}
