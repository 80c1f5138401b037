import { describe, expect, it } from 'vitest';
import { pickLimits, pickProblem, uploadBatchProblem } from './pick-rules';

const png = { type: 'image/png' };
const pdf = { type: 'application/pdf' };

describe('the picker modes (spec 5)', () => {
  it('single-file mode: more than 1 is too many, none too few', () => {
    expect(pickLimits({ single: true })).toEqual({ atMost: 1, atLeast: 1 });
    expect(pickProblem([png, png], { single: true })).toEqual({ code: 'tooMany', limit: 1 });
    expect(pickProblem([], { single: true })).toEqual({ code: 'tooFew', limit: 1 });
    expect(pickProblem([png], { single: true })).toBeNull();
  });
  it('at most and at least N', () => {
    expect(pickProblem([png, png, png], { atMost: 2 })).toEqual({ code: 'tooMany', limit: 2 });
    expect(pickProblem([png], { atLeast: 3 })).toEqual({ code: 'tooFew', limit: 3 });
    expect(pickProblem([png, png, png], { atLeast: 3, atMost: 5 })).toBeNull();
    expect(pickProblem(Array(50).fill(png), {})).toBeNull();
  });
  it('an empty pick is too few even without a mode', () => {
    expect(pickProblem([], {})).toEqual({ code: 'tooFew', limit: 1 });
  });
  it('image-only mode refuses a file that is not an image, naming the types', () => {
    expect(pickProblem([png, pdf], { imagesOnly: true })).toEqual({ code: 'notImage', mimeTypes: 'image/jpeg, image/png, image/webp, image/gif, image/avif' });
    expect(pickProblem([pdf], {})).toBeNull();
  });
  it('reads odd limits sensibly: at least never above at most, nonsense ignored', () => {
    expect(pickLimits({ atMost: 2, atLeast: 5 })).toEqual({ atMost: 2, atLeast: 2 });
    expect(pickLimits({ atMost: 0, atLeast: -1 })).toEqual({ atMost: null, atLeast: 1 });
    expect(pickLimits({ atMost: Number.NaN })).toEqual({ atMost: null, atLeast: 1 });
  });
  it('refuses a dropped batch larger than the picker takes', () => {
    expect(uploadBatchProblem(2, { single: true })).toEqual({ code: 'tooMany', limit: 1 });
    expect(uploadBatchProblem(3, { atMost: 3 })).toBeNull();
    expect(uploadBatchProblem(30, {})).toBeNull();
  });
});
