import type { InStatement } from '@libsql/client'

/** Comments before a statement's first word, which say nothing of what it does. */
const LEADING_COMMENTS = /^(?:\s+|--[^\n]*(?:\n|$)|\/\*[\s\S]*?\*\/)*/
/**
 * Statements that only read: a SELECT or VALUES, a WITH that names no write anywhere (a write under a
 * WITH may hold its SELECTs in subqueries), an EXPLAIN, a PRAGMA asked for its value (not one of those
 * that do work when named alone).
 */
const READ_ONLY =
  /^(?:select\b|values\b|explain\b|pragma\s+(?!(?:\w+\.)?(?:optimize|incremental_vacuum|wal_checkpoint|shrink_memory)\b)[\w.]+\s*;?\s*$|with\b(?![\s\S]*\b(?:insert|update|delete|replace)\b))/i
/** Statements that free no row's space, or are about transactions themselves: never put inside one. */
const OUTSIDE_TRANSACTIONS = /^(?:pragma|vacuum|begin|commit|end|rollback|savepoint|release|attach|detach)\b/i

const firstWords = (statement: InStatement) =>
  (typeof statement === 'string' ? statement : statement.sql).replace(LEADING_COMMENTS, '')

export const isReadOnly = (statement: InStatement) => READ_ONLY.test(firstWords(statement))
export const runsOutsideTransactions = (statement: InStatement) => OUTSIDE_TRANSACTIONS.test(firstWords(statement))
