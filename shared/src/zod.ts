import { extendZodWithOpenApi } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';

// Gives every zod schema .openapi() before any module declares a documented schema: modules that
// do import z from here, so the order in which they load does not matter.
extendZodWithOpenApi(z);

export { z };
