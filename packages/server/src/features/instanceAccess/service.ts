/** What other features use of the operator's sign-up rules (decision 280). */
export { publicSignUp } from './signup.js';
export { registrationMode, saveInstanceSettings } from './settings.js';
export { requireConfirmedAddress } from './verification.js';
