import { describe, expect, it } from 'vitest';
import { displayIdFor, isOrderIdLongEnough, normalizeOrderId, reviewDisplayId } from '../src/index.js';

describe('order ids', () => {
  it.each([
    ['bo_abc12345de', 'bo_abc12345de'],
    ['XYZ98765AB', 'bo_xyz98765ab'],
    ['  XYZ98765AB  ', 'bo_xyz98765ab'],
    ['BO_ABC12345DE', 'bo_abc12345de'],
    ['Bo_Abc12345De', 'bo_abc12345de'],
    ['bo', 'bo_bo'],
    ['', 'bo_'],
  ])('normalizeOrderId(%j) = %j', (raw, id) => {
    expect(normalizeOrderId(raw)).toBe(id);
  });

  it.each([
    ['bo_abc12345de', '#ABC12345DE'],
    ['XYZ98765AB', '#XYZ98765AB'],
    ['bo_bxdmjbwxid', '#BXDMJBWXID'],
    [' BO_abc12345de ', '#ABC12345DE'],
  ])('displayIdFor(%j) = %j', (id, display) => {
    expect(displayIdFor(id)).toBe(display);
  });

  it.each([
    ['bo_abc12345de', '#ABC12345DE'],
    [' BO_ABC12345DE', '#ABC12345DE'],
    ['XYZ98765AB', '#XYZ98765AB'],
    ['abc_bo_12345', '#ABC_BO_12345'],
    ['#XY', '#XY'],
    ['#abc12345de', '#ABC12345DE'],
    ['Order #ABC12345DE', '#ABC12345DE'],
    ['https://www.faire.com/brand-portal/orders/bo_abc12345de', '#ABC12345DE'],
    ['', '-'],
    ['  ', '-'],
    [undefined, '-'],
  ])('reviewDisplayId(%j) = %j', (raw, display) => {
    expect(reviewDisplayId(raw)).toBe(display);
  });

  it('counts the id part without bo_ against the minimum of 5', () => {
    expect(isOrderIdLongEnough('bo_abcd')).toBe(false);
    expect(isOrderIdLongEnough('bo_abcde')).toBe(true);
    expect(isOrderIdLongEnough('abcd')).toBe(false);
    expect(isOrderIdLongEnough('abcde')).toBe(true);
    expect(isOrderIdLongEnough('bo_ab')).toBe(false);
  });
});
