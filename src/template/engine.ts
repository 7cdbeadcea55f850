/**
 * One isolated Handlebars instance for every connector template, with the helpers of helpers.ts
 * (and the internal __json used by bodies). Isolated (Handlebars.create()) so nothing registered
 * elsewhere in the process leaks in.
 */
import Handlebars from 'handlebars';
import { JSON_HELPER, jsonHelper, TEMPLATE_HELPERS } from './helpers.js';
import { iterationCount, spendIterations } from './render-limits.js';

export type TemplateEngine = ReturnType<typeof Handlebars.create>;

export function createTemplateEngine(): TemplateEngine {
  const engine = Handlebars.create();
  for (const [name, helper] of Object.entries(TEMPLATE_HELPERS)) engine.registerHelper(name, helper);
  engine.registerHelper(JSON_HELPER, jsonHelper);
  // Handlebars' own #each, counted against the render's iteration budget (render-limits.ts).
  const each = engine.helpers.each as Handlebars.HelperDelegate;
  engine.registerHelper('each', function (this: unknown, context: unknown, options: Handlebars.HelperOptions) {
    spendIterations(iterationCount(context));
    return each.call(this, context, options);
  });
  return engine;
}

/** The engine shared by every connector; helpers are stateless, so one is enough. */
export const templateEngine = createTemplateEngine();
