/** The semantic rules, in the order their diagnostics are most useful; each is one file. */
import { checkAbsentOnStatus } from './absent-on-status.js';
import { checkBaseUrl } from './base-url.js';
import { checkBodyJson } from './body-json.js';
import { checkCreatesInactive } from './creates-inactive.js';
import { checkCustomActionPlan } from './custom-action-plan.js';
import { checkInlineSecrets } from './inline-secrets.js';
import { checkInputReferences } from './input-references.js';
import { checkJqExpressions } from './jq-expressions.js';
import { checkPathPlaceholders } from './path-placeholders.js';
import { checkPrebuiltSupports } from './prebuilt-supports.js';
import { checkResultMapping } from './result-mapping.js';
import type { Rule } from './rule.js';
import { checkSchemaComment } from './schema-comment.js';
import { checkTemplates } from './templates.js';
import { checkTokenParams } from './token-params.js';
import { checkWriteSteps } from './write-steps.js';

export const RULES: readonly Rule[] = [
  checkSchemaComment,
  checkBaseUrl,
  checkInputReferences,
  checkTokenParams,
  checkInlineSecrets,
  checkPrebuiltSupports,
  checkCustomActionPlan,
  checkResultMapping,
  checkWriteSteps,
  checkAbsentOnStatus,
  checkPathPlaceholders,
  checkTemplates,
  checkCreatesInactive,
  checkBodyJson,
  checkJqExpressions,
];

export { jqChecker, type JqChecker } from './jq-checker.js';
export type { Rule, RuleContext } from './rule.js';
