/*
 * Per-cell memos. The few distinct carrier names and ship dates of a file repeat on every row, and
 * each answer memoised is a pure function of its key, so a memo returns exactly what the functions
 * would. A memo that grows past its limit starts over.
 */
const MEMO_LIMIT = 1000;

export function remember<K, V>(memo: Map<K, V>, key: K, value: V): V {
  if (memo.size >= MEMO_LIMIT) memo.clear();
  memo.set(key, value);
  return value;
}
