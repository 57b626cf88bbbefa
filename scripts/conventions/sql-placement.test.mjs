// @ts-check
// Run: node --test scripts/conventions/
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { findSql, mayHoldSql, misplacedSql } from './sql-placement.mjs';

/** Read once: walking every service's source takes about half a second. */
const misplaced = misplacedSql();

const found = (source, file = 'services/example/src/things/things.service.ts') =>
  findSql(file, source).map((finding) => `${finding.line}: ${finding.found}`);

test('finds SQL text and raw query calls', () => {
  assert.deepEqual(found('await tx.manager.query(`DELETE FROM follows WHERE follower_id = $1`, [id]);'), [
    '1: a .query() call',
    '1: SQL text',
  ]);
  assert.deepEqual(found("const SQL = { name: 'n', text: 'SELECT id FROM posts WHERE id = $1' };"), [
    '1: SQL text',
  ]);
  assert.deepEqual(found('const rows = await queryNamed(manager, STATEMENT, []);'), [
    '1: a queryNamed() call',
  ]);
  assert.deepEqual(
    found('const upsert = `INSERT INTO members (user_id) VALUES ($1)\n ON CONFLICT DO NOTHING`;'),
    ['1: SQL text'],
  );
  // A fragment handed to a helper is SQL too.
  assert.deepEqual(found('list(manager, `FROM users u WHERE u.id <> $1`);'), ['1: SQL text']);
  assert.deepEqual(found('const sql = `UPDATE posts SET ${column} = ${column} + 1 WHERE id = $1`;'), [
    '1: SQL text',
  ]);
});

test('leaves comments, prose and TypeORM entity calls alone', () => {
  assert.deepEqual(
    found(
      [
        '// SELECT id FROM posts WHERE id = $1, as the old code did',
        '/** Runs INSERT INTO likes … ON CONFLICT DO NOTHING in the queries file. */',
        "throw new Error('Select a photo from your library first');",
        'await manager.findOneBy(Post, { id });',
        'await manager.createQueryBuilder().insert().into(PostDay).values(row).orIgnore().execute();',
        'const answer = request.query;',
      ].join('\n'),
    ),
    [],
  );
});

test('SQL may live in queries files, migrations and seeds only', () => {
  assert.equal(mayHoldSql('services/posts/src/likes/likes.queries.ts'), true);
  assert.equal(mayHoldSql('services/posts/src/migrations/1732000000000-initial.ts'), true);
  assert.equal(mayHoldSql('services/media/src/seed.ts'), true);
  assert.equal(mayHoldSql('services/posts/src/likes/likes.service.ts'), false);
  assert.equal(mayHoldSql('services/posts/src/likes/likes.query.ts'), false);
});

test('no service keeps SQL outside its *.queries.ts, migrations and seeds', () => {
  assert.deepEqual(
    misplaced.map(({ file, line, found }) => `${file}:${line}: ${found}`),
    [],
    'Move the statement into the *.queries.ts of the service that owns the table (docs/architecture.md)',
  );
});
