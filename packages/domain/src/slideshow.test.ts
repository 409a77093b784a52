import { describe, expect, it } from 'vitest';
import { lightboxCounter, nextIndex, previousIndex, swipeDirection, wrapIndex } from './slideshow';

describe('wrapping navigation', () => {
  it.each([
    [0, 8, 1, 7],
    [7, 8, 0, 6],
    [3, 8, 4, 2],
    [0, 1, 0, 0],
    [0, 0, 0, 0],
  ])('index %d of %d: next %d, previous %d', (index, length, next, previous) => {
    expect(nextIndex(index, length)).toBe(next);
    expect(previousIndex(index, length)).toBe(previous);
  });

  it.each([
    [-1, 5, 4],
    [10, 5, 0],
    [-11, 5, 4],
  ])('wrapIndex(%d, %d) = %d', (index, length, expected) => {
    expect(wrapIndex(index, length)).toBe(expected);
  });
});

describe('swipeDirection', () => {
  it.each([
    [-51, 'next'],
    [-50, null],
    [0, null],
    [50, null],
    [51, 'previous'],
    [Number.NaN, null],
  ])('%d px → %j', (delta, expected) => {
    expect(swipeDirection(delta)).toBe(expected);
  });
});

describe('lightboxCounter', () => {
  it('is 1-based', () => {
    expect(lightboxCounter(0, 12)).toBe('1 of 12');
    expect(lightboxCounter(11, 12)).toBe('12 of 12');
  });
});
