import type { FastifyRequest } from 'fastify';
import type { UserRowWithoutHash } from '../../db/schema/index.js';
import { requireAdmin } from '../../http/viewer.js';

/**
 * Who may approve or reject sign-ups and change the Instance settings: the one place that says it,
 * so that giving it to another role is a change of this line.
 */
export const requireSignupApprover: (request: FastifyRequest) => UserRowWithoutHash = requireAdmin;
