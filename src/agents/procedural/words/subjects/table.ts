/**
 * The shape of a subject table: canonical subject nouns with their synonyms and what they mean
 * beyond the word. Tables are data; `subjects.ts` merges them into the one word map the prompt
 * reader uses, and answers "what is this a kind of" for agents that lack a drawing of their own.
 */
export interface SubjectEntry {
  /** Synonyms and spellings, space-separated (plurals are found by the reader). */
  readonly words?: string;
  /**
   * A broader subject this one is a kind of ("owl" is a "bird", "samurai" a "warrior"): an agent
   * without a drawing for this subject draws the nearest broader one it has, and says so.
   */
  readonly isA?: string;
  /** Items a figure implies when the prompt names none: a hunter holds a bow, a blacksmith a hammer. */
  readonly holds?: readonly string[];
  /** Too generic to beat a more specific subject named in the same prompt ("monster", "chest"). */
  readonly generic?: boolean;
}

export type SubjectTable = Readonly<Record<string, SubjectEntry>>;
