/** `items[i]`, failing the test with a clear message when there is no such item. */
export function at<T>(items: ArrayLike<T> | undefined, i: number): T {
  const value = items?.[i];
  if (value === undefined) throw new Error(`expected an item at index ${i} of ${items?.length ?? 0}`);
  return value;
}
