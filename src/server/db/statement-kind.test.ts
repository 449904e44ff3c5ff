import { expect, test } from 'bun:test'
import { isReadOnly, runsOutsideTransactions } from './statement-kind'

test.each([
  'select 1',
  '  SELECT * FROM posts',
  '-- the newest\nselect id from posts',
  '/* a note */ select 1',
  'values (1), (2)',
  'with recent as (select id from posts) select * from recent',
  'explain query plan delete from posts',
  'PRAGMA quick_check',
  'pragma main.user_version;',
])('reads only: %s', (sql) => {
  expect(isReadOnly(sql)).toBe(true)
  expect(isReadOnly({ sql, args: [] })).toBe(true)
})

test.each([
  'insert into posts (title) values (?)',
  'with old as (select id from posts) delete from tags where id in (select id from old)',
  'WITH x AS (SELECT 1) INSERT INTO t SELECT * FROM x',
  'with x as (select 1) replace into t select * from x',
  '/* select */ delete from posts',
  '-- select\nupdate posts set title = ?',
  'PRAGMA secure_delete = ON',
  'pragma wal_checkpoint(TRUNCATE)',
  'PRAGMA wal_checkpoint',
  'pragma optimize',
  'PRAGMA main.incremental_vacuum',
  'create table t (id integer)',
])('writes: %s', (sql) => {
  expect(isReadOnly(sql)).toBe(false)
})

test.each([
  ['BEGIN IMMEDIATE', true],
  ['commit', true],
  ['SAVEPOINT one', true],
  ['release one', true],
  ['/* then */ ROLLBACK', true],
  ["attach 'x.db' as x", true],
  ['VACUUM', true],
  ['pragma wal_checkpoint(TRUNCATE)', true],
  ['delete from posts', false],
  ['select 1', false],
])('%s runs outside a transaction: %p', (sql, outside) => {
  expect(runsOutsideTransactions(sql)).toBe(outside)
})
