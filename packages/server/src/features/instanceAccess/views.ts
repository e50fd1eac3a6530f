/** What channels read of sign-up rules: the mode in force (NodeInfo) and the confirmation link (email). */
export { registrationMode } from './settings.js';
export { verificationToken } from './verification.js';
