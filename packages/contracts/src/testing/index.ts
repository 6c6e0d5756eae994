/**
 * `@venue/contracts/testing`: known answers of the contracts' calls for the tests of a service
 * and of the screen that shows them alike. Test support; never imported by production code.
 */
export { reportAnswers, type ReportAnswers } from './report-answers.ts';
export { resourceRuleExamples } from './resource-rules.ts';
export { bookingFormCases } from './booking-form.ts';
