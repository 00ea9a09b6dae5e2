export interface paths {
    "/workspaces/{idOrSlug}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Retrieve a workspace
         * @description Usage counters are read live from the services that own them.
         *
         *     Requires scope `workspaces.read`.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description Workspace ID or slug */
                    idOrSlug: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The workspace */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Workspace"];
                    };
                };
                /** @description bad_request: malformed or invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description unauthorized: invalid or missing API key */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description forbidden (scope, role or plan) or exceeded_limit (plan limit) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description not_found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description conflict */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description unprocessable_entity */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description rate_limit_exceeded */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description internal_server_error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/workspaces": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the key user's workspaces
         * @description A restricted key sees only the workspace it is bound to.
         *
         *     Requires scope `workspaces.read`.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The workspaces, oldest first */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Workspace"][];
                    };
                };
                /** @description bad_request: malformed or invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description unauthorized: invalid or missing API key */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description forbidden (scope, role or plan) or exceeded_limit (plan limit) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description not_found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description conflict */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description unprocessable_entity */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description rate_limit_exceeded */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description internal_server_error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/items": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List items
         * @description The filters of GET /items/count, newest first, paged with page and pageSize (1 to 200, default 50); the total across pages is in X-Total-Count.
         *
         *     Requires scope `items.read`.
         */
        get: {
            parameters: {
                query?: {
                    /** @description Exact SKU, case-insensitive */
                    sku?: string;
                    /** @description Description contains this, case-insensitive */
                    description?: string;
                    /** @description Exact cost */
                    cost?: string;
                    /** @description Exact sell price */
                    sellPrice?: string;
                    /** @description Supplier ID; joins supplierIds as "any of" */
                    supplierId?: string;
                    /** @description Any of these suppliers; repeated or comma-separated */
                    supplierIds?: string[] | null;
                    /** @description Deprecated single tag ID; joins tagIds and tagNames */
                    tagId?: string;
                    /** @description Items with any of these tags; repeated or comma-separated */
                    tagIds?: string[] | null;
                    /** @description Items with any tag of these names (case-insensitive); repeated or comma-separated */
                    tagNames?: string[] | null;
                    /** @description SKU, description or external ID contains this, case-insensitive */
                    search?: string;
                    /** @description ID of the creating user */
                    userId?: string;
                    /** @description Only items with a balance row at this location; stockHealth then uses the on-hand there */
                    locationId?: string;
                    /** @description out (on-hand <= 0, no balance row counts as 0), low (0 < on-hand <= threshold), ok (above it, and every catalog-only item); any of the values given */
                    stockHealth?: ("out" | "low" | "ok")[];
                    /** @description true: stock-tracked items only; false: catalog-only items only */
                    trackStock?: "true" | "false";
                    /** @description Page number, from 1 */
                    page?: number;
                    /** @description Items per page, 1 to 200 (default 50) */
                    pageSize?: number;
                    /** @description Workspace to act on. Required for full-access (sk_) keys; restricted (rk_) keys are bound to one workspace. */
                    workspaceId?: string;
                    /** @description Deprecated alternative to workspaceId: the workspace slug. */
                    projectSlug?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description One page of items */
                200: {
                    headers: {
                        /** @description Items matching the filters */
                        "X-Total-Count"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Item"][];
                    };
                };
                /** @description bad_request: malformed or invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description unauthorized: invalid or missing API key */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description forbidden (scope, role or plan) or exceeded_limit (plan limit) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description not_found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description conflict */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description unprocessable_entity */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description rate_limit_exceeded */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description internal_server_error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        /**
         * Create an item
         * @description Only sku is required. Tags are the union of the deprecated tagId, tagIds and tagNames; unknown tag IDs or names answer 422 (names never create tags).
         *
         *     A non-zero quantity is recorded by the stock service as an opening movement at locationId (default: the workspace default location) before the item is returned; if the stock service refuses (e.g. 422 unknown or inactive location), nothing is created.
         *
         *     Errors: 409 conflict for a taken SKU (case-insensitive) or externalId; 422 for unknown tags, supplier or location, or a quantity on a trackStock false item; 403 exceeded_limit past the plan item limit; 403 forbidden when a location-restricted member lacks write access to locationId.
         *
         *     Requires scope `items.write`.
         */
        post: {
            parameters: {
                query?: {
                    /** @description Workspace to act on. Required for full-access (sk_) keys; restricted (rk_) keys are bound to one workspace. */
                    workspaceId?: string;
                    /** @description Deprecated alternative to workspaceId: the workspace slug. */
                    projectSlug?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: {
                content: {
                    "application/json": components["schemas"]["CreateItem"];
                };
            };
            responses: {
                /** @description The created item */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Item"];
                    };
                };
                /** @description bad_request: malformed or invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description unauthorized: invalid or missing API key */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description forbidden (scope, role or plan) or exceeded_limit (plan limit) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description not_found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description conflict */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description unprocessable_entity */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description rate_limit_exceeded */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description internal_server_error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/items/bulk": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create up to 100 items
         * @description A JSON array of 1 to 100 elements with the fields of POST /items, each with its own opening quantity.
         *
         *     All or nothing: more than 100 elements, or one invalid element, answers 400 naming the element index, and nothing is created; unknown references (422) and taken SKUs (409) also name the index. A batch that would cross the plan item limit is refused whole (403 exceeded_limit).
         *
         *     Requires scope `items.write`.
         */
        post: {
            parameters: {
                query?: {
                    /** @description Workspace to act on. Required for full-access (sk_) keys; restricted (rk_) keys are bound to one workspace. */
                    workspaceId?: string;
                    /** @description Deprecated alternative to workspaceId: the workspace slug. */
                    projectSlug?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: {
                content: {
                    "application/json": components["schemas"]["BulkCreateItems"];
                };
            };
            responses: {
                /** @description The created items, in the order given */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Item"][];
                    };
                };
                /** @description bad_request: malformed or invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description unauthorized: invalid or missing API key */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description forbidden (scope, role or plan) or exceeded_limit (plan limit) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description not_found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description conflict */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description unprocessable_entity */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description rate_limit_exceeded */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description internal_server_error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/items/{itemId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Update an item
         * @description Every field is optional; fields left out stay as they are. Giving any of tagId, tagIds, tagNames replaces the tags with their union (tagIds: [] clears them). null clears externalId and supplierId, and makes lowStockThreshold use the workspace default.
         *
         *     A request that changes nothing answers the item as it is, with updatedAt untouched. quantity is not accepted here: stock changes go through the inventory endpoints.
         *
         *     Errors: 404 for an item not in the workspace; 409 for a taken SKU or externalId, or trackStock false while stock is on hand; 422 for unknown tags or supplier.
         *
         *     Requires scope `items.write`.
         */
        patch: {
            parameters: {
                query?: {
                    /** @description Workspace to act on. Required for full-access (sk_) keys; restricted (rk_) keys are bound to one workspace. */
                    workspaceId?: string;
                    /** @description Deprecated alternative to workspaceId: the workspace slug. */
                    projectSlug?: string;
                };
                header?: never;
                path: {
                    /** @description The item ID, or ext_ followed by the external ID */
                    itemId: string;
                };
                cookie?: never;
            };
            requestBody?: {
                content: {
                    "application/json": components["schemas"]["UpdateItem"];
                };
            };
            responses: {
                /** @description The item after the update */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Item"];
                    };
                };
                /** @description bad_request: malformed or invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description unauthorized: invalid or missing API key */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description forbidden (scope, role or plan) or exceeded_limit (plan limit) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description not_found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description conflict */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description unprocessable_entity */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description rate_limit_exceeded */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description internal_server_error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        trace?: never;
    };
    "/items/info": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Retrieve one item
         * @description itemId may also be ext_ followed by the external ID. 404 for an item not in the workspace.
         *
         *     Requires scope `items.read`.
         */
        get: {
            parameters: {
                query: {
                    /** @description The item ID (or ext_ followed by the external ID) */
                    itemId: string;
                    /** @description Workspace to act on. Required for full-access (sk_) keys; restricted (rk_) keys are bound to one workspace. */
                    workspaceId?: string;
                    /** @description Deprecated alternative to workspaceId: the workspace slug. */
                    projectSlug?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The item */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Item"];
                    };
                };
                /** @description bad_request: malformed or invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description unauthorized: invalid or missing API key */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description forbidden (scope, role or plan) or exceeded_limit (plan limit) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description not_found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description conflict */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description unprocessable_entity */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description rate_limit_exceeded */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description internal_server_error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/items/count": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Count items matching filters
         * @description All filters combine with AND. Set filters (supplierId + supplierIds; tagId + tagIds + tagNames) match items with any of the values and accept repeated parameters or comma-separated values. IDs that cannot exist match nothing.
         *
         *     stockHealth reads the catalog projection of the stock balances: on-hand is the total over all locations (for a location-restricted member, over the locations it may read), or at locationId when given; an item with no balance row has 0 on hand and counts as out. low means 0 < on-hand <= the item lowStockThreshold, or else the workspace default low-stock threshold (5 unless the workspace sets another). Catalog-only items count as ok, never out or low.
         *
         *     Answers a single number; with groupBy=tagId it answers {count, groups: [{tagId, count, tag?}]} (see ItemCountByTag).
         *
         *     Requires scope `items.read`.
         */
        get: {
            parameters: {
                query?: {
                    /** @description Exact SKU, case-insensitive */
                    sku?: string;
                    /** @description Description contains this, case-insensitive */
                    description?: string;
                    /** @description Exact cost */
                    cost?: string;
                    /** @description Exact sell price */
                    sellPrice?: string;
                    /** @description Supplier ID; joins supplierIds as "any of" */
                    supplierId?: string;
                    /** @description Any of these suppliers; repeated or comma-separated */
                    supplierIds?: string[] | null;
                    /** @description Deprecated single tag ID; joins tagIds and tagNames */
                    tagId?: string;
                    /** @description Items with any of these tags; repeated or comma-separated */
                    tagIds?: string[] | null;
                    /** @description Items with any tag of these names (case-insensitive); repeated or comma-separated */
                    tagNames?: string[] | null;
                    /** @description SKU, description or external ID contains this, case-insensitive */
                    search?: string;
                    /** @description ID of the creating user */
                    userId?: string;
                    /** @description Only items with a balance row at this location; stockHealth then uses the on-hand there */
                    locationId?: string;
                    /** @description out (on-hand <= 0, no balance row counts as 0), low (0 < on-hand <= threshold), ok (above it, and every catalog-only item); any of the values given */
                    stockHealth?: ("out" | "low" | "ok")[];
                    /** @description true: stock-tracked items only; false: catalog-only items only */
                    trackStock?: "true" | "false";
                    /** @description With groupBy=tagId: each group also carries its tag record. Default false */
                    includeTags?: "true" | "false";
                    /** @description tagId: count per tag instead of a single number */
                    groupBy?: "tagId";
                    /** @description Workspace to act on. Required for full-access (sk_) keys; restricted (rk_) keys are bound to one workspace. */
                    workspaceId?: string;
                    /** @description Deprecated alternative to workspaceId: the workspace slug. */
                    projectSlug?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The count, or the count per tag with groupBy=tagId */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": number | components["schemas"]["ItemCountByTag"];
                    };
                };
                /** @description bad_request: malformed or invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description unauthorized: invalid or missing API key */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description forbidden (scope, role or plan) or exceeded_limit (plan limit) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description not_found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description conflict */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description unprocessable_entity */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description rate_limit_exceeded */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description internal_server_error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tags": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List tags
         * @description Ordered by name (case-insensitive). The total across pages is in X-Total-Count.
         *
         *     Requires scope `tags.read`.
         */
        get: {
            parameters: {
                query?: {
                    /** @description Page number, from 1 */
                    page?: number;
                    /** @description Items per page, 1 to 200 (default 50) */
                    pageSize?: number;
                    /** @description Workspace to act on. Required for full-access (sk_) keys; restricted (rk_) keys are bound to one workspace. */
                    workspaceId?: string;
                    /** @description Deprecated alternative to workspaceId: the workspace slug. */
                    projectSlug?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description One page of tags */
                200: {
                    headers: {
                        /** @description Tags in the workspace */
                        "X-Total-Count"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Tag"][];
                    };
                };
                /** @description bad_request: malformed or invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description unauthorized: invalid or missing API key */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description forbidden (scope, role or plan) or exceeded_limit (plan limit) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description not_found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description conflict */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description unprocessable_entity */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description rate_limit_exceeded */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description internal_server_error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        /**
         * Create a tag
         * @description Counts toward the plan tag limit (403 exceeded_limit). A name already used, in any letter case, answers 409 conflict.
         *
         *     Requires scope `tags.write`.
         */
        post: {
            parameters: {
                query?: {
                    /** @description Workspace to act on. Required for full-access (sk_) keys; restricted (rk_) keys are bound to one workspace. */
                    workspaceId?: string;
                    /** @description Deprecated alternative to workspaceId: the workspace slug. */
                    projectSlug?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: {
                content: {
                    "application/json": components["schemas"]["CreateTag"];
                };
            };
            responses: {
                /** @description The created tag */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Tag"];
                    };
                };
                /** @description bad_request: malformed or invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description unauthorized: invalid or missing API key */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description forbidden (scope, role or plan) or exceeded_limit (plan limit) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description not_found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description conflict */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description unprocessable_entity */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description rate_limit_exceeded */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description internal_server_error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/suppliers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List suppliers
         * @description Ordered by name (case-insensitive). The total across pages is in X-Total-Count.
         *
         *     Requires scope `items.read`.
         */
        get: {
            parameters: {
                query?: {
                    /** @description Page number, from 1 */
                    page?: number;
                    /** @description Items per page, 1 to 200 (default 50) */
                    pageSize?: number;
                    /** @description Workspace to act on. Required for full-access (sk_) keys; restricted (rk_) keys are bound to one workspace. */
                    workspaceId?: string;
                    /** @description Deprecated alternative to workspaceId: the workspace slug. */
                    projectSlug?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description One page of suppliers */
                200: {
                    headers: {
                        /** @description Suppliers in the workspace */
                        "X-Total-Count"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Supplier"][];
                    };
                };
                /** @description bad_request: malformed or invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description unauthorized: invalid or missing API key */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description forbidden (scope, role or plan) or exceeded_limit (plan limit) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description not_found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description conflict */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description unprocessable_entity */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description rate_limit_exceeded */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description internal_server_error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        /**
         * Create a supplier
         * @description Counts toward the plan supplier limit (403 exceeded_limit). A name already used, in any letter case, answers 409 conflict.
         *
         *     Requires scope `items.write`.
         */
        post: {
            parameters: {
                query?: {
                    /** @description Workspace to act on. Required for full-access (sk_) keys; restricted (rk_) keys are bound to one workspace. */
                    workspaceId?: string;
                    /** @description Deprecated alternative to workspaceId: the workspace slug. */
                    projectSlug?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: {
                content: {
                    "application/json": components["schemas"]["CreateSupplier"];
                };
            };
            responses: {
                /** @description The created supplier */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Supplier"];
                    };
                };
                /** @description bad_request: malformed or invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description unauthorized: invalid or missing API key */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description forbidden (scope, role or plan) or exceeded_limit (plan limit) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description not_found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description conflict */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description unprocessable_entity */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description rate_limit_exceeded */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description internal_server_error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/locations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List locations
         * @description Oldest first (the default location leads). A member whose location access is restricted sees only the locations its access list names: others answer 404 and are left out of lists and counts. Unknown query parameters answer 400.
         *
         *     Requires scope `locations.read`.
         */
        get: {
            parameters: {
                query?: {
                    /** @description true: only active locations; false: only inactive ones */
                    active?: "true" | "false";
                    /** @description One or more location types, repeated (?type=van&type=truck) or comma-separated (?type=van,truck) */
                    type?: ("warehouse" | "van" | "truck" | "site" | "other")[];
                    /** @description Case-insensitive substring of the name or the note, up to 100 characters; empty means no filter */
                    search?: string;
                    /** @description Page number, from 1 */
                    page?: number;
                    /** @description Items per page, 1 to 200 (default 50) */
                    pageSize?: number;
                    /** @description Workspace to act on. Required for full-access (sk_) keys; restricted (rk_) keys are bound to one workspace. */
                    workspaceId?: string;
                    /** @description Deprecated alternative to workspaceId: the workspace slug. */
                    projectSlug?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description One page of locations */
                200: {
                    headers: {
                        /** @description Number of locations matching the filters, across all pages */
                        "X-Total-Count"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Location"][];
                    };
                };
                /** @description bad_request: malformed or invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description unauthorized: invalid or missing API key */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description forbidden (scope, role or plan) or exceeded_limit (plan limit) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description not_found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description conflict */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description unprocessable_entity */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description rate_limit_exceeded */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description internal_server_error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        /**
         * Create a location
         * @description `name` is required; every other field is optional. `type` defaults to the workspace's defaultLocationType; icon, accessLevel, latitude, longitude and geofenceRadiusM default to null, note to "". New locations are active (`active` is not accepted here). Unknown fields answer 400.
         *
         *     Names are unique per workspace, case-insensitively: a taken name answers 409 conflict. The plan's location limit (the default location counts) answers 403 exceeded_limit.
         *
         *     When the member's location access is restricted, only owners may create (403 forbidden otherwise).
         *
         *     Requires scope `locations.write`.
         */
        post: {
            parameters: {
                query?: {
                    /** @description Workspace to act on. Required for full-access (sk_) keys; restricted (rk_) keys are bound to one workspace. */
                    workspaceId?: string;
                    /** @description Deprecated alternative to workspaceId: the workspace slug. */
                    projectSlug?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["CreateLocation"];
                };
            };
            responses: {
                /** @description The created location */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Location"];
                    };
                };
                /** @description bad_request: malformed or invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description unauthorized: invalid or missing API key */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description forbidden (scope, role or plan) or exceeded_limit (plan limit) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description not_found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description conflict */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description unprocessable_entity */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description rate_limit_exceeded */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description internal_server_error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/locations/count": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Count locations
         * @description Takes the filters of GET /locations (no paging). A member whose location access is restricted sees only the locations its access list names: others answer 404 and are left out of lists and counts. Unknown query parameters answer 400.
         *
         *     Requires scope `locations.read`.
         */
        get: {
            parameters: {
                query?: {
                    /** @description true: only active locations; false: only inactive ones */
                    active?: "true" | "false";
                    /** @description One or more location types, repeated (?type=van&type=truck) or comma-separated (?type=van,truck) */
                    type?: ("warehouse" | "van" | "truck" | "site" | "other")[];
                    /** @description Case-insensitive substring of the name or the note, up to 100 characters; empty means no filter */
                    search?: string;
                    /** @description Workspace to act on. Required for full-access (sk_) keys; restricted (rk_) keys are bound to one workspace. */
                    workspaceId?: string;
                    /** @description Deprecated alternative to workspaceId: the workspace slug. */
                    projectSlug?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The number of matching locations, as a bare JSON number */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": number;
                    };
                };
                /** @description bad_request: malformed or invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description unauthorized: invalid or missing API key */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description forbidden (scope, role or plan) or exceeded_limit (plan limit) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description not_found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description conflict */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description unprocessable_entity */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description rate_limit_exceeded */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description internal_server_error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/locations/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Retrieve a location
         * @description Deleted locations answer 404. A member whose location access is restricted sees only the locations its access list names: others answer 404 and are left out of lists and counts.
         *
         *     Requires scope `locations.read`.
         */
        get: {
            parameters: {
                query?: {
                    /** @description Workspace to act on. Required for full-access (sk_) keys; restricted (rk_) keys are bound to one workspace. */
                    workspaceId?: string;
                    /** @description Deprecated alternative to workspaceId: the workspace slug. */
                    projectSlug?: string;
                };
                header?: never;
                path: {
                    /** @description Location ID */
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The location */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Location"];
                    };
                };
                /** @description bad_request: malformed or invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description unauthorized: invalid or missing API key */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description forbidden (scope, role or plan) or exceeded_limit (plan limit) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description not_found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description conflict */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description unprocessable_entity */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description rate_limit_exceeded */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description internal_server_error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        /**
         * Delete a location
         * @description Fails with 409 conflict when the location is the workspace default location, or while it holds on-hand stock; the message says which. The stock service closes the location to new stock before the deletion is final, so stock arriving at the same moment either lands first (and the delete fails) or is refused.
         *
         *     A deleted location disappears from every listing and answers 404. A member whose location access is restricted sees only the locations its access list names: others answer 404 and are left out of lists and counts. A restricted member with read but not write access gets 403 forbidden.
         *
         *     Requires scope `locations.write`.
         */
        delete: {
            parameters: {
                query?: {
                    /** @description Workspace to act on. Required for full-access (sk_) keys; restricted (rk_) keys are bound to one workspace. */
                    workspaceId?: string;
                    /** @description Deprecated alternative to workspaceId: the workspace slug. */
                    projectSlug?: string;
                };
                header?: never;
                path: {
                    /** @description Location ID */
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The deleted location ID */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["DeletedLocation"];
                    };
                };
                /** @description bad_request: malformed or invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description unauthorized: invalid or missing API key */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description forbidden (scope, role or plan) or exceeded_limit (plan limit) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description not_found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description conflict */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description unprocessable_entity */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description rate_limit_exceeded */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description internal_server_error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        /**
         * Update a location
         * @description Every field is optional; only the fields given change. An empty body (or one that changes nothing) returns the location unchanged. `active` moves the location between active and inactive. Unknown fields answer 400; a taken name answers 409 conflict.
         *
         *     A member whose location access is restricted sees only the locations its access list names: others answer 404 and are left out of lists and counts. A restricted member with read but not write access to the location gets 403 forbidden.
         *
         *     Requires scope `locations.write`.
         */
        patch: {
            parameters: {
                query?: {
                    /** @description Workspace to act on. Required for full-access (sk_) keys; restricted (rk_) keys are bound to one workspace. */
                    workspaceId?: string;
                    /** @description Deprecated alternative to workspaceId: the workspace slug. */
                    projectSlug?: string;
                };
                header?: never;
                path: {
                    /** @description Location ID */
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: {
                content: {
                    "application/json": components["schemas"]["UpdateLocation"];
                };
            };
            responses: {
                /** @description The updated location */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Location"];
                    };
                };
                /** @description bad_request: malformed or invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description unauthorized: invalid or missing API key */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description forbidden (scope, role or plan) or exceeded_limit (plan limit) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description not_found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description conflict */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description unprocessable_entity */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description rate_limit_exceeded */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description internal_server_error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        trace?: never;
    };
    "/inventory/balances": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List stock balances
         * @description On-hand per item and location, with what pending transfers out of it hold (reserved) and what is free to move (available = onHand − reserved), ordered by itemId then locationId, paged (page ≥ 1, pageSize 1–200, default 50). Rows at zero stay listed once stock has been there. A member with restricted location access sees the balances of locations it may read (read or write grant).
         *
         *     Requires scope `inventory.read`.
         */
        get: {
            parameters: {
                query?: {
                    /** @description Item IDs (repeated or comma-separated) */
                    itemId?: string[];
                    /** @description Location IDs (repeated or comma-separated) */
                    locationId?: string[];
                    /** @description Page number, from 1 */
                    page?: number;
                    /** @description Items per page, 1 to 200 (default 50) */
                    pageSize?: number;
                    /** @description Workspace to act on. Required for full-access (sk_) keys; restricted (rk_) keys are bound to one workspace. */
                    workspaceId?: string;
                    /** @description Deprecated alternative to workspaceId: the workspace slug. */
                    projectSlug?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Balances */
                200: {
                    headers: {
                        /** @description Number of rows matching the filters, across all pages */
                        "X-Total-Count"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["StockBalance"][];
                    };
                };
                /** @description bad_request: malformed or invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description unauthorized: invalid or missing API key */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description forbidden (scope, role or plan) or exceeded_limit (plan limit) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description not_found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description conflict */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description unprocessable_entity */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description rate_limit_exceeded */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description internal_server_error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/inventory/movements": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List stock movements (the ledger)
         * @description Immutable ledger entries, newest first, paged (page ≥ 1, pageSize 1–200, default 50). Filters combine with AND; a filter given several values matches any of them. A member with restricted location access sees the movements of locations it may read.
         *
         *     Requires scope `inventory.read`.
         */
        get: {
            parameters: {
                query?: {
                    /** @description Item IDs (repeated or comma-separated) */
                    itemId?: string[];
                    /** @description Location IDs (repeated or comma-separated) */
                    locationId?: string[];
                    /** @description Movement types (repeated or comma-separated) */
                    type?: ("opening" | "receipt" | "adjustment" | "transfer_out" | "transfer_in")[];
                    /** @description Reasons (repeated or comma-separated); openings and transfer movements have none and never match */
                    reason?: ("received" | "returned" | "damaged" | "lost" | "stolen" | "expired" | "count" | "correction" | "other")[];
                    /** @description Transfer IDs (repeated or comma-separated) */
                    transferId?: string[];
                    /** @description Date interval of createdAt, computed in UTC; default all (see GET /inventory/transfers) */
                    interval?: "24h" | "7d" | "30d" | "90d" | "mtd" | "qtd" | "ytd" | "1y" | "all" | "all_unfiltered" | "today" | "this_week" | "last_week" | "this_month" | "last_month" | "this_quarter" | "last_quarter" | "this_year" | "last_year" | "fiscal_ytd" | "last_fiscal_year";
                    /** @description Page number, from 1 */
                    page?: number;
                    /** @description Items per page, 1 to 200 (default 50) */
                    pageSize?: number;
                    /** @description Workspace to act on. Required for full-access (sk_) keys; restricted (rk_) keys are bound to one workspace. */
                    workspaceId?: string;
                    /** @description Deprecated alternative to workspaceId: the workspace slug. */
                    projectSlug?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Movements */
                200: {
                    headers: {
                        /** @description Number of rows matching the filters, across all pages */
                        "X-Total-Count"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["StockMovement"][];
                    };
                };
                /** @description bad_request: malformed or invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description unauthorized: invalid or missing API key */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description forbidden (scope, role or plan) or exceeded_limit (plan limit) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description not_found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description conflict */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description unprocessable_entity */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description rate_limit_exceeded */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description internal_server_error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        /**
         * Record a receipt, an adjustment or a physical count
         * @description A receipt adds stock (quantity > 0); an adjustment changes it by a signed quantity and cannot take more than is available, on-hand minus what pending transfers reserve (422 naming the item, the location and the quantity available). An adjustment with expectedOnHand applies only if the on-hand is exactly that when it is written (409 conflict naming the current on-hand otherwise; nothing changes). A count (quantity = the counted on-hand) records one adjustment of the difference with reason count, so the balance equals the count; a count below what is reserved is a 422. Every movement may carry a reason (default received for receipts, correction for adjustments) and a reference. The item must exist and track stock (422 otherwise); the location must exist and not be deleted, and to add stock it must be active and not being deleted (422). A member with restricted location access needs write access to the location (403). Answers 201 with the movement. Optional `Idempotency-Key` header (1 to 255 printable ASCII characters), scoped to the workspace, the member and this endpoint. The key is stored in the same transaction as the effect, so a retry with the same key and body answers the original status and body (with `Idempotent-Replayed: true`), even after a crash between commit and reply; two concurrent requests with one key take effect once. The same key with a different body answers 409 conflict. Only successful requests store their key: a request that failed had no effect, so its retry runs again. Keys expire 24 hours after first use.
         *
         *     Requires scope `inventory.write`.
         */
        post: {
            parameters: {
                query?: {
                    /** @description Workspace to act on. Required for full-access (sk_) keys; restricted (rk_) keys are bound to one workspace. */
                    workspaceId?: string;
                    /** @description Deprecated alternative to workspaceId: the workspace slug. */
                    projectSlug?: string;
                };
                header?: {
                    "Idempotency-Key"?: string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody?: {
                content: {
                    "application/json": components["schemas"]["RecordMovement"];
                };
            };
            responses: {
                /** @description The recorded movement */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["StockMovement"];
                    };
                };
                /** @description bad_request: malformed or invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description unauthorized: invalid or missing API key */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description forbidden (scope, role or plan) or exceeded_limit (plan limit) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description not_found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description conflict */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description unprocessable_entity */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description rate_limit_exceeded */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description internal_server_error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/inventory/transfers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List transfers
         * @description Transfers of the workspace, paged (page ≥ 1, pageSize 1–200, default 50), newest first by default. A member with restricted location access sees transfers from or to a location it may read.
         *
         *     Requires scope `transfers.read`.
         */
        get: {
            parameters: {
                query?: {
                    /** @description Statuses (repeated or comma-separated); default: every status */
                    status?: ("pending" | "completed" | "reverted" | "rejected" | "cancelled")[];
                    /** @description Date interval of createdAt, computed in UTC; default all. Rolling windows (24h, 7d, 30d, 90d, 1y) and to-date intervals (mtd, qtd, ytd, fiscal_ytd) end now; named periods (today, this_week, last_week, this_month, last_month, this_quarter, last_quarter, this_year, last_year, last_fiscal_year) cover their whole period. Weeks start on Monday; quarters are calendar quarters; the fiscal year is the calendar year unless the workspace sets another start month. all: everything up to now; all_unfiltered: no date condition. */
                    interval?: "24h" | "7d" | "30d" | "90d" | "mtd" | "qtd" | "ytd" | "1y" | "all" | "all_unfiltered" | "today" | "this_week" | "last_week" | "this_month" | "last_month" | "this_quarter" | "last_quarter" | "this_year" | "last_year" | "fiscal_ytd" | "last_fiscal_year";
                    /** @description Sort field; default createdAt (ties broken by id) */
                    sortBy?: "createdAt";
                    /** @description Default desc (newest first) */
                    sortOrder?: "asc" | "desc";
                    /** @description Page number, from 1 */
                    page?: number;
                    /** @description Items per page, 1 to 200 (default 50) */
                    pageSize?: number;
                    /** @description Workspace to act on. Required for full-access (sk_) keys; restricted (rk_) keys are bound to one workspace. */
                    workspaceId?: string;
                    /** @description Deprecated alternative to workspaceId: the workspace slug. */
                    projectSlug?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Transfers */
                200: {
                    headers: {
                        /** @description Number of transfers matching the filters, across all pages */
                        "X-Total-Count"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Transfer"][];
                    };
                };
                /** @description bad_request: malformed or invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description unauthorized: invalid or missing API key */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description forbidden (scope, role or plan) or exceeded_limit (plan limit) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description not_found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description conflict */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description unprocessable_entity */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description rate_limit_exceeded */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description internal_server_error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        /**
         * Create a transfer
         * @description Moves stock from fromLocationId to toLocationId at once, all or nothing, and answers 201 with the completed Transfer. With status pending nothing moves yet: the lines are reserved at the source (they count against its available stock) and 201 answers the pending Transfer, to be completed or rejected by the destination or cancelled by the source. 422 for the same source and destination, an unknown, deleted or inactive location (or one being deleted), an unknown or catalog-only item, or too little available at the source, on-hand minus what pending transfers reserve (naming the item, the location and the quantity available). A member with restricted location access needs write access to both locations (403). Counts toward the plan's transfers per billing cycle when created, pending or not (403 exceeded_limit past it). Optional `Idempotency-Key` header (1 to 255 printable ASCII characters), scoped to the workspace, the member and this endpoint. The key is stored in the same transaction as the effect, so a retry with the same key and body answers the original status and body (with `Idempotent-Replayed: true`), even after a crash between commit and reply; two concurrent requests with one key take effect once. The same key with a different body answers 409 conflict. Only successful requests store their key: a request that failed had no effect, so its retry runs again. Keys expire 24 hours after first use.
         *
         *     Requires scope `transfers.write`.
         */
        post: {
            parameters: {
                query?: {
                    /** @description Workspace to act on. Required for full-access (sk_) keys; restricted (rk_) keys are bound to one workspace. */
                    workspaceId?: string;
                    /** @description Deprecated alternative to workspaceId: the workspace slug. */
                    projectSlug?: string;
                };
                header?: {
                    "Idempotency-Key"?: string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody?: {
                content: {
                    "application/json": components["schemas"]["CreateTransfer"];
                };
            };
            responses: {
                /** @description The completed (or pending) transfer */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Transfer"];
                    };
                };
                /** @description bad_request: malformed or invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description unauthorized: invalid or missing API key */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description forbidden (scope, role or plan) or exceeded_limit (plan limit) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description not_found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description conflict */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description unprocessable_entity */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description rate_limit_exceeded */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description internal_server_error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/inventory/transfers/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Retrieve a transfer
         * @description Requires scope `transfers.read`.
         */
        get: {
            parameters: {
                query?: {
                    /** @description Workspace to act on. Required for full-access (sk_) keys; restricted (rk_) keys are bound to one workspace. */
                    workspaceId?: string;
                    /** @description Deprecated alternative to workspaceId: the workspace slug. */
                    projectSlug?: string;
                };
                header?: never;
                path: {
                    /** @description Transfer ID */
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The transfer */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Transfer"];
                    };
                };
                /** @description bad_request: malformed or invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description unauthorized: invalid or missing API key */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description forbidden (scope, role or plan) or exceeded_limit (plan limit) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description not_found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description conflict */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description unprocessable_entity */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description rate_limit_exceeded */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description internal_server_error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/inventory/transfers/{id}/complete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Complete a pending transfer
         * @description The destination confirms arrival: in one transaction the stock moves (transfer_out at the source, transfer_in at the destination, both carrying the transferId) and the reservation at the source is released. 409 when the transfer is not pending; 422 when the destination is inactive, closed or deleted. Needs write access to the destination. 404 for a transfer the member cannot see (it may read neither location). Answers 200 with the transfer. Optional `Idempotency-Key` header (1 to 255 printable ASCII characters), scoped to the workspace, the member and this endpoint. The key is stored in the same transaction as the effect, so a retry with the same key and body answers the original status and body (with `Idempotent-Replayed: true`), even after a crash between commit and reply; two concurrent requests with one key take effect once. The same key with a different body answers 409 conflict. Only successful requests store their key: a request that failed had no effect, so its retry runs again. Keys expire 24 hours after first use.
         *
         *     Requires scope `transfers.write`.
         */
        post: {
            parameters: {
                query?: {
                    /** @description Workspace to act on. Required for full-access (sk_) keys; restricted (rk_) keys are bound to one workspace. */
                    workspaceId?: string;
                    /** @description Deprecated alternative to workspaceId: the workspace slug. */
                    projectSlug?: string;
                };
                header?: {
                    "Idempotency-Key"?: string;
                };
                path: {
                    /** @description Transfer ID */
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: {
                content: {
                    "application/json": Record<string, never>;
                };
            };
            responses: {
                /** @description The transfer, now completed */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Transfer"];
                    };
                };
                /** @description bad_request: malformed or invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description unauthorized: invalid or missing API key */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description forbidden (scope, role or plan) or exceeded_limit (plan limit) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description not_found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description conflict */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description unprocessable_entity */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description rate_limit_exceeded */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description internal_server_error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/inventory/transfers/{id}/reject": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Reject a pending transfer
         * @description The destination refuses the transfer: the reservation at the source is released and nothing moves. Optional reason (≤ 500 characters), returned on the transfer. 409 when the transfer is not pending. Needs write access to the destination. 404 for a transfer the member cannot see (it may read neither location). Answers 200 with the transfer. Optional `Idempotency-Key` header (1 to 255 printable ASCII characters), scoped to the workspace, the member and this endpoint. The key is stored in the same transaction as the effect, so a retry with the same key and body answers the original status and body (with `Idempotent-Replayed: true`), even after a crash between commit and reply; two concurrent requests with one key take effect once. The same key with a different body answers 409 conflict. Only successful requests store their key: a request that failed had no effect, so its retry runs again. Keys expire 24 hours after first use.
         *
         *     Requires scope `transfers.write`.
         */
        post: {
            parameters: {
                query?: {
                    /** @description Workspace to act on. Required for full-access (sk_) keys; restricted (rk_) keys are bound to one workspace. */
                    workspaceId?: string;
                    /** @description Deprecated alternative to workspaceId: the workspace slug. */
                    projectSlug?: string;
                };
                header?: {
                    "Idempotency-Key"?: string;
                };
                path: {
                    /** @description Transfer ID */
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: {
                content: {
                    "application/json": components["schemas"]["SettleTransfer"];
                };
            };
            responses: {
                /** @description The transfer, now rejected */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Transfer"];
                    };
                };
                /** @description bad_request: malformed or invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description unauthorized: invalid or missing API key */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description forbidden (scope, role or plan) or exceeded_limit (plan limit) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description not_found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description conflict */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description unprocessable_entity */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description rate_limit_exceeded */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description internal_server_error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/inventory/transfers/{id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Cancel a pending transfer
         * @description The source withdraws the transfer: the reservation at the source is released and nothing moves. Optional reason (≤ 500 characters), returned on the transfer. 409 when the transfer is not pending. Needs write access to the source. 404 for a transfer the member cannot see (it may read neither location). Answers 200 with the transfer. Optional `Idempotency-Key` header (1 to 255 printable ASCII characters), scoped to the workspace, the member and this endpoint. The key is stored in the same transaction as the effect, so a retry with the same key and body answers the original status and body (with `Idempotent-Replayed: true`), even after a crash between commit and reply; two concurrent requests with one key take effect once. The same key with a different body answers 409 conflict. Only successful requests store their key: a request that failed had no effect, so its retry runs again. Keys expire 24 hours after first use.
         *
         *     Requires scope `transfers.write`.
         */
        post: {
            parameters: {
                query?: {
                    /** @description Workspace to act on. Required for full-access (sk_) keys; restricted (rk_) keys are bound to one workspace. */
                    workspaceId?: string;
                    /** @description Deprecated alternative to workspaceId: the workspace slug. */
                    projectSlug?: string;
                };
                header?: {
                    "Idempotency-Key"?: string;
                };
                path: {
                    /** @description Transfer ID */
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: {
                content: {
                    "application/json": components["schemas"]["SettleTransfer"];
                };
            };
            responses: {
                /** @description The transfer, now cancelled */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Transfer"];
                    };
                };
                /** @description bad_request: malformed or invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description unauthorized: invalid or missing API key */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description forbidden (scope, role or plan) or exceeded_limit (plan limit) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description not_found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description conflict */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description unprocessable_entity */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description rate_limit_exceeded */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description internal_server_error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/inventory/transfers/{id}/revert": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Revert a completed transfer
         * @description Moves the stock back with compensating movements (transfer_out at the destination, transfer_in at the source, both carrying the transferId). 409 when the transfer is not completed (pending, rejected, cancelled or already reverted); 422 when the destination no longer has a line's quantity available (naming the item and the quantity available) or the source is deleted, inactive or being deleted. Needs write access to both locations. Does not count toward the transfer limit. 404 for a transfer the member cannot see (it may read neither location). Answers 200 with the transfer. Optional `Idempotency-Key` header (1 to 255 printable ASCII characters), scoped to the workspace, the member and this endpoint. The key is stored in the same transaction as the effect, so a retry with the same key and body answers the original status and body (with `Idempotent-Replayed: true`), even after a crash between commit and reply; two concurrent requests with one key take effect once. The same key with a different body answers 409 conflict. Only successful requests store their key: a request that failed had no effect, so its retry runs again. Keys expire 24 hours after first use.
         *
         *     Requires scope `transfers.write`.
         */
        post: {
            parameters: {
                query?: {
                    /** @description Workspace to act on. Required for full-access (sk_) keys; restricted (rk_) keys are bound to one workspace. */
                    workspaceId?: string;
                    /** @description Deprecated alternative to workspaceId: the workspace slug. */
                    projectSlug?: string;
                };
                header?: {
                    "Idempotency-Key"?: string;
                };
                path: {
                    /** @description Transfer ID */
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: {
                content: {
                    "application/json": Record<string, never>;
                };
            };
            responses: {
                /** @description The transfer, now reverted */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Transfer"];
                    };
                };
                /** @description bad_request: malformed or invalid request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description unauthorized: invalid or missing API key */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description forbidden (scope, role or plan) or exceeded_limit (plan limit) */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description not_found */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description conflict */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description unprocessable_entity */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description rate_limit_exceeded */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description internal_server_error */
                500: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        /** @description memberPermissions is not returned: this API has no permission templates; roles and scopes decide. */
        Workspace: {
            id: string;
            name: string;
            slug: string;
            logo: string | null;
            /** @description Transfers created in the current billing cycle */
            usage: number;
            /** @description The plan's transfers per billing cycle */
            usageLimit: number;
            itemsUsage: number;
            itemsLimit: number;
            suppliersUsage: number;
            suppliersLimit: number;
            locationsUsage: number;
            locationsLimit: number;
            tagsLimit: number;
            usersLimit: number;
            defaultLocationId: string | null;
            defaultCurrency: string;
            invoiceNumberPrefix: string;
            defaultTaxPercent: number;
            defaultTaxIncluded: boolean;
            defaultInvoiceDueDays: number;
            invoicingBusinessName: string | null;
            invoicingBrandColor: string | null;
            invoicingEmail: string | null;
            invoicingAddress: string | null;
            defaultInvoiceSourceLocationId: string | null;
            defaultTransferFromLocationId: string | null;
            /** @enum {string} */
            defaultLocationType: "warehouse" | "van" | "truck" | "site" | "other";
            defaultMarkupPercent: number | null;
            /** @enum {string} */
            plan: "free" | "pro" | "business" | "advanced" | "business plus" | "business extra" | "business max" | "enterprise";
            billingProviderId: string | null;
            /** @description Start of the current billing cycle, Unix epoch milliseconds. Cycles are monthly from the workspace creation. */
            billingCycleStart: number;
            /** @description ISO 8601 UTC */
            createdAt: string;
            trialEndsAt: string | null;
            /** @description The authenticated user, with its role in this workspace */
            users: {
                id: string;
                email: string;
                /** @enum {string} */
                role: "owner" | "member" | "viewer" | "billing";
            }[];
            inviteCode: string | null;
            ssoEmailDomain: string | null;
            ssoEnforcedAt: string | null;
            locationAccess?: {
                restricted: boolean;
                locations: {
                    locationId: string;
                    /** @enum {string} */
                    accessLevel: "read" | "write";
                }[];
            };
        };
        Error: {
            error: {
                /** @enum {string} */
                code: "bad_request" | "unauthorized" | "forbidden" | "exceeded_limit" | "not_found" | "conflict" | "invite_expired" | "unprocessable_entity" | "rate_limit_exceeded" | "internal_server_error";
                message: string;
                /**
                 * @description The offending input, when one is to blame: a body field path, a query or path parameter, or a header name.
                 * @example lines[0].quantity
                 */
                param?: string;
                /**
                 * @description The code's section of the API reference, relative to the API's base URL.
                 * @example /docs#section/Errors/bad_request
                 */
                doc_url: string;
            };
        };
        Item: {
            id: string;
            sku: string;
            description: string;
            /** @description Your own identifier; PATCH /items/ext_<externalId> addresses the item by it */
            externalId: string | null;
            /** @description null when the item has no supplier */
            supplierId: string | null;
            cost: number;
            sellPrice: number;
            trackStock: boolean;
            /** @description null uses the workspace default low-stock threshold */
            lowStockThreshold: number | null;
            /**
             * @deprecated
             * @description Deprecated: the first assigned tag (null without tags); use tags
             */
            tagId: string | null;
            tags: components["schemas"]["Tag"][];
            /** @description ID of the creating user */
            userId: string;
            workspaceId: string;
            /**
             * @description ISO 8601 UTC
             * @example 2026-11-21T05:05:44.123Z
             */
            createdAt: string;
            /**
             * @description ISO 8601 UTC; unchanged by a PATCH that changes nothing
             * @example 2026-11-21T05:05:44.123Z
             */
            updatedAt: string;
            /**
             * @deprecated
             * @description Deprecated: equals workspaceId
             */
            projectId: string;
            supplier: components["schemas"]["Supplier"];
        };
        Tag: {
            id: string;
            /** @description 1 to 64 characters, unique per workspace case-insensitively */
            name: string;
            /**
             * @description Hex color #rrggbb
             * @example #3f51b5
             */
            color: string;
        };
        /** @description The linked supplier record; null when the item has no supplier */
        Supplier: {
            id: string;
            /** @description 1 to 128 characters, unique per workspace case-insensitively */
            name: string;
            /** @description Empty string when not given */
            email: string;
            /** @description Empty string when not given */
            phone: string;
        } | null;
        CreateItem: {
            /** @description Required on create; 1 to 100 characters, unique per workspace case-insensitively (409 conflict) */
            sku: string;
            /** @description Up to 2000 characters; default "" */
            description?: string;
            /** @description Your own identifier, unique per workspace (case-sensitive), 1 to 128 characters */
            externalId?: string | null;
            /** @description >= 0; default 0 */
            cost?: number;
            /** @description >= 0; default 0 */
            sellPrice?: number;
            /** @description A supplier of the workspace (422 otherwise); null unlinks */
            supplierId?: string | null;
            /** @description Default true; false makes the item catalog-only */
            trackStock?: boolean;
            /** @description 0 to 1000000; null uses the workspace default */
            lowStockThreshold?: number | null;
            /**
             * @deprecated
             * @description Deprecated; use tagIds. Joins the union of tags
             */
            tagId?: string;
            /** @description IDs of tags of the workspace (unknown IDs: 422) */
            tagIds?: string[];
            /** @description Names of existing tags, matched case-insensitively (unknown names: 422; they do not create tags) */
            tagNames?: string[];
            /** @description Opening quantity, 0 to 1000000000 with at most 4 decimals (default 0), recorded as an opening movement before the item is returned; non-zero needs trackStock true (422) */
            quantity?: number;
            /** @description Where the opening quantity goes; default: the workspace default location */
            locationId?: string;
        };
        BulkCreateItems: components["schemas"]["CreateItem"][];
        UpdateItem: {
            /** @description Required on create; 1 to 100 characters, unique per workspace case-insensitively (409 conflict) */
            sku?: string;
            /** @description Up to 2000 characters; default "" */
            description?: string;
            /** @description Your own identifier, unique per workspace (case-sensitive), 1 to 128 characters */
            externalId?: string | null;
            /** @description >= 0; default 0 */
            cost?: number;
            /** @description >= 0; default 0 */
            sellPrice?: number;
            /** @description A supplier of the workspace (422 otherwise); null unlinks */
            supplierId?: string | null;
            /** @description Default true; false makes the item catalog-only */
            trackStock?: boolean;
            /** @description 0 to 1000000; null uses the workspace default */
            lowStockThreshold?: number | null;
            /**
             * @deprecated
             * @description Deprecated; use tagIds. Joins the union of tags
             */
            tagId?: string;
            /** @description IDs of tags of the workspace (unknown IDs: 422) */
            tagIds?: string[];
            /** @description Names of existing tags, matched case-insensitively (unknown names: 422; they do not create tags) */
            tagNames?: string[];
        };
        ItemCountByTag: {
            /** @description Matching items, each counted once */
            count: number;
            /** @description One group per tag carrying matching items (an item with several tags counts in each), ordered by tag name; the untagged group (tagId null) comes last; empty groups are left out */
            groups: components["schemas"]["ItemCountGroup"][];
        };
        ItemCountGroup: {
            /** @description null for the group of items without tags */
            tagId: string | null;
            count: number;
            /** @description Present with includeTags=true; null for the untagged group */
            tag?: {
                id: string;
                /** @description 1 to 64 characters, unique per workspace case-insensitively */
                name: string;
                /**
                 * @description Hex color #rrggbb
                 * @example #3f51b5
                 */
                color: string;
            } | null;
        };
        CreateTag: {
            /** @description Required; 1 to 64 characters, unique per workspace case-insensitively (409 conflict) */
            name: string;
            /**
             * @description Hex color #rrggbb; default #9e9e9e
             * @example #3f51b5
             */
            color?: string;
        };
        CreateSupplier: {
            /** @description Required; 1 to 128 characters, unique per workspace case-insensitively (409 conflict) */
            name: string;
            /**
             * Format: email
             * @description Optional e-mail address; default ""
             */
            email?: string;
            /** @description Optional phone number; default "" */
            phone?: string;
        };
        Location: {
            id: string;
            /** @description 1 to 64 characters after trimming surrounding whitespace; unique in the workspace, case-insensitively */
            name: string;
            /** @enum {string} */
            type: "warehouse" | "van" | "truck" | "site" | "other";
            active: boolean;
            /**
             * @description ISO 8601 UTC with milliseconds
             * @example 2026-11-21T05:05:44.123Z
             */
            createdAt: string;
            /**
             * @description null means the default icon for the location type
             * @enum {string|null}
             */
            icon: "warehouse" | "storefront" | "office" | "garage" | "job_site" | "van" | "truck" | "container" | "shelves" | "tools" | "home" | "map_pin" | null;
            /** @description Empty string when none was given */
            note: string;
            /** @description -90 to 90; null when not set */
            latitude: number | null;
            /** @description -180 to 180; null when not set */
            longitude: number | null;
            /** @description 25 to 10000 meters; null when not set */
            geofenceRadiusM: number | null;
            /**
             * @description Stored and returned as given; the member's own location access decides who may use the location
             * @enum {string|null}
             */
            accessLevel: "read" | "write" | null;
        };
        CreateLocation: {
            /** @description 1 to 64 characters after trimming surrounding whitespace; unique in the workspace, case-insensitively */
            name: string;
            /**
             * @description Defaults to the workspace's defaultLocationType
             * @enum {string}
             */
            type?: "warehouse" | "van" | "truck" | "site" | "other";
            /**
             * @description null means the default icon for the location type
             * @default null
             * @enum {string|null}
             */
            icon: "warehouse" | "storefront" | "office" | "garage" | "job_site" | "van" | "truck" | "container" | "shelves" | "tools" | "home" | "map_pin" | null;
            /** @default  */
            note: string;
            /**
             * @default null
             * @enum {string|null}
             */
            accessLevel: "read" | "write" | null;
            /**
             * @description -90 to 90; null when not set
             * @default null
             */
            latitude: number | null;
            /**
             * @description -180 to 180; null when not set
             * @default null
             */
            longitude: number | null;
            /**
             * @description 25 to 10000 meters; null when not set
             * @default null
             */
            geofenceRadiusM: number | null;
        };
        UpdateLocation: {
            /** @description 1 to 64 characters after trimming surrounding whitespace; unique in the workspace, case-insensitively */
            name?: string;
            /** @enum {string} */
            type?: "warehouse" | "van" | "truck" | "site" | "other";
            /**
             * @description null means the default icon for the location type
             * @enum {string|null}
             */
            icon?: "warehouse" | "storefront" | "office" | "garage" | "job_site" | "van" | "truck" | "container" | "shelves" | "tools" | "home" | "map_pin" | null;
            note?: string;
            /** @enum {string|null} */
            accessLevel?: "read" | "write" | null;
            /** @description -90 to 90; null when not set */
            latitude?: number | null;
            /** @description -180 to 180; null when not set */
            longitude?: number | null;
            /** @description 25 to 10000 meters; null when not set */
            geofenceRadiusM?: number | null;
            active?: boolean;
        };
        DeletedLocation: {
            /** @description ID of the deleted location */
            id: string;
        };
        /** @description On-hand quantity of one item at one location: the sum of its movements. */
        StockBalance: {
            itemId: string;
            locationId: string;
            /** @description Never below zero */
            onHand: number;
            /** @description Promised to pending transfers out of this location; still on hand here until they complete. Never above onHand */
            reserved: number;
            /** @description onHand − reserved: what may be moved, adjusted away or reserved */
            available: number;
            /**
             * @description ISO 8601 UTC with milliseconds
             * @example 2026-11-21T05:05:44.123Z
             */
            updatedAt: string;
        };
        /** @description One immutable entry of the stock ledger. */
        StockMovement: {
            id: string;
            itemId: string;
            locationId: string;
            /** @enum {string} */
            type: "opening" | "receipt" | "adjustment" | "transfer_out" | "transfer_in";
            /** @description Signed change of on-hand: positive adds stock, negative removes it (0 only for a count that found the balance right) */
            quantity: number;
            /** @description On-hand of the item at the location right after this movement */
            balanceAfter: number;
            /** @description The member whose call caused the movement */
            userId: string;
            /** @description The transfer that moved the stock (transfer_out / transfer_in), else null */
            transferId: string | null;
            /**
             * @description Why a receipt or adjustment changed the stock (count: a physical count); null for openings and transfer movements
             * @enum {string|null}
             */
            reason: "received" | "returned" | "damaged" | "lost" | "stolen" | "expired" | "count" | "correction" | "other" | null;
            /** @description Free text such as a purchase order number; "" when none was given */
            reference: string;
            note: string;
            /**
             * @description ISO 8601 UTC with milliseconds
             * @example 2026-11-21T05:05:44.123Z
             */
            createdAt: string;
        };
        RecordMovement: {
            /** @enum {string} */
            type: "receipt";
            /** @description A stock-tracked item of the workspace */
            itemId: string;
            /** @description An existing location; adding stock needs it active and not being deleted */
            locationId: string;
            /** @description Free text up to 100 characters, e.g. a purchase order number; default "" */
            reference?: string;
            /** @description Free text, up to 500 characters; default "" */
            note?: string;
            /** @description Received quantity, > 0 and ≤ 1000000000, at most 4 decimals */
            quantity: number;
            /**
             * @description Why the stock changed: received, returned, damaged, lost, stolen, expired, count, correction, other; default received
             * @enum {string}
             */
            reason?: "received" | "returned" | "damaged" | "lost" | "stolen" | "expired" | "count" | "correction" | "other";
        } | {
            /** @enum {string} */
            type: "adjustment";
            /** @description A stock-tracked item of the workspace */
            itemId: string;
            /** @description An existing location; adding stock needs it active and not being deleted */
            locationId: string;
            /** @description Free text up to 100 characters, e.g. a purchase order number; default "" */
            reference?: string;
            /** @description Free text, up to 500 characters; default "" */
            note?: string;
            /** @description Signed change of on-hand, not 0, |quantity| ≤ 1000000000, at most 4 decimals; it may not take more than is available (on-hand minus reserved) */
            quantity: number;
            /**
             * @description Why the stock changed: received, returned, damaged, lost, stolen, expired, count, correction, other; default correction
             * @enum {string}
             */
            reason?: "received" | "returned" | "damaged" | "lost" | "stolen" | "expired" | "count" | "correction" | "other";
            /** @description Compare-and-set: adjust only if the balance's on-hand is exactly this when the adjustment is written; otherwise 409 conflict naming the current on-hand, and nothing changes */
            expectedOnHand?: number;
        } | {
            /** @enum {string} */
            type: "count";
            /** @description A stock-tracked item of the workspace */
            itemId: string;
            /** @description An existing location; adding stock needs it active and not being deleted */
            locationId: string;
            /** @description Free text up to 100 characters, e.g. a purchase order number; default "" */
            reference?: string;
            /** @description Free text, up to 500 characters; default "" */
            note?: string;
            /** @description The counted on-hand, ≥ 0 and ≤ 1000000000, at most 4 decimals. Recorded as one adjustment of the difference with reason count (0 when the count confirms the balance); not below what is reserved */
            quantity: number;
        };
        /** @description A move of stock between two locations: completed at once, or pending (reserved at the source) until the destination completes or rejects it or the source cancels it. fromLocation / toLocation and each line item come from the stock service projections of locations and items. */
        Transfer: {
            id: string;
            fromLocationId: string;
            toLocationId: string;
            /** @enum {string} */
            status: "pending" | "completed" | "reverted" | "rejected" | "cancelled";
            note: string;
            reason: string;
            lines: {
                id: string;
                itemId: string;
                quantity: number;
                note: string;
                item: {
                    id: string;
                    sku: string;
                    description: string;
                };
            }[];
            createdAt: string;
            fromLocation: {
                id: string;
                name: string;
                /** @enum {string} */
                type: "warehouse" | "van" | "truck" | "site" | "other";
            };
            toLocation: {
                id: string;
                name: string;
                /** @enum {string} */
                type: "warehouse" | "van" | "truck" | "site" | "other";
            };
        };
        CreateTransfer: {
            /** @description Source location (required) */
            fromLocationId: string;
            /** @description Destination location (required), different from the source */
            toLocationId: string;
            /** @description 1 to 500 lines (required) */
            lines: {
                /** @description A stock-tracked item; each item at most once per transfer */
                itemId: string;
                /** @description > 0 and ≤ 1000000000, at most 4 decimals */
                quantity: number;
                /** @description Up to 500 characters; default "" */
                note?: string;
            }[];
            /** @description Up to 500 characters; default "" */
            note?: string;
            /**
             * @description completed (default): the stock moves at once. pending: nothing moves yet; the lines are reserved at the source until the destination completes or rejects the transfer or the source cancels it
             * @enum {string}
             */
            status?: "pending" | "completed";
        };
        SettleTransfer: {
            /** @description Why, up to 500 characters; returned as the transfer's reason (default "") */
            reason?: string;
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export type operations = Record<string, never>;
