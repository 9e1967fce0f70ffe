export { UserQuestionForm, SUPPORT_ENDPOINTS } from './user-question-form.tsx';
export { SupportHistory } from './support-history.tsx';
