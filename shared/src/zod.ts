import { extendZodWithOpenApi } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';
import { issueMessage } from './validation-messages';

// Gives every zod schema .openapi() before any module declares a documented schema: modules that
// do import z from here, so the order in which they load does not matter.
extendZodWithOpenApi(z);

// Every problem a schema finds is worded by us (validation-messages.ts), not by zod's English
// locale: "must be greater than 0", not "Too small: expected number to be >0". A message a schema
// gives itself still wins; issueMessage only fills in the others.
z.config({ customError: issueMessage });

export { z };
