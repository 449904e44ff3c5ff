/**
 * The form field of an answer to a job's question, without scripts or as multipart (`answer-{id}`; a yes/no
 * posts `yes` or `no`). On its own, free of the questions' rules: the browser's data layer, in every page, names it.
 */
export const ANSWER_FIELD_PREFIX = 'answer-'
export const answerField = (id: string): `answer-${string}` => `${ANSWER_FIELD_PREFIX}${id}`
