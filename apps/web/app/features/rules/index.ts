/** Rules pages' features: the bet types and their worked examples (issue 11); others import from here only. */
export { BetTypeRules } from './bet-type-rules.tsx';
export { BET_TYPES_RULE_GROUP } from './examples.ts';
