/**
 * Bounds on rendering a customer's template inside a shared service: `{{#each}}` over a large
 * lookup, nested three deep, would otherwise hold the event loop for the whole render. Every
 * `#each` counts its items against one budget per render, and the output has a size cap; a
 * template that exceeds either fails with TemplateLimitError naming the limit.
 */

export interface TemplateLimits {
  /** Items all `#each` blocks of one render may visit together. */
  maxIterations: number;
  /** Characters one render may produce. */
  maxOutputLength: number;
}

export const DEFAULT_TEMPLATE_LIMITS: TemplateLimits = Object.freeze({ maxIterations: 10_000, maxOutputLength: 1_000_000 });

export class TemplateLimitError extends Error {
  override readonly name = 'TemplateLimitError';
  constructor(
    readonly limit: keyof TemplateLimits,
    readonly value: number,
  ) {
    super(
      limit === 'maxIterations'
        ? `the template's #each blocks visit more than ${value} items in one render (maxIterations)`
        : `the rendered template is longer than ${value} characters (maxOutputLength)`,
    );
  }
}

// Rendering is synchronous, so one budget for the render in progress is enough.
let current: { left: number; limit: number } | undefined;

/** Called by the `each` helper with the size of what it is about to visit. */
export function spendIterations(count: number): void {
  if (current === undefined) return;
  current.left -= count;
  if (current.left < 0) throw new TemplateLimitError('maxIterations', current.limit);
}

/** Runs one render within the limits. */
export function renderWithinLimits(render: () => string, limits: TemplateLimits = DEFAULT_TEMPLATE_LIMITS): string {
  const outer = current;
  current = { left: limits.maxIterations, limit: limits.maxIterations };
  try {
    let output: string;
    try {
      output = render();
    } catch (error) {
      // Past V8's own string limit (about 2^29 characters) the render throws a bare RangeError
      // before our length check can run: that is this limit too, not a broken template.
      if (error instanceof RangeError && /string length/iu.test(error.message)) throw new TemplateLimitError('maxOutputLength', limits.maxOutputLength);
      throw error;
    }
    if (output.length > limits.maxOutputLength) throw new TemplateLimitError('maxOutputLength', limits.maxOutputLength);
    return output;
  } finally {
    current = outer;
  }
}

/** How many items `#each` will visit: array length, or an object's own keys. */
export function iterationCount(context: unknown): number {
  if (Array.isArray(context)) return context.length;
  if (context !== null && typeof context === 'object') return Object.keys(context).length;
  return 0;
}
