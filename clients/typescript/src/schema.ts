export interface paths {
    "/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Where to start: the reference, this document and how to authenticate
         * @description Answers without a key, so that a browser or a first curl at the API finds its way instead of a 401.
         *
         *     Needs no API key.
         */
        get: operations["getApiIndex"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
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
        get: operations["getWorkspace"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Set a workspace's job and transfer defaults
         * @description The workspace's owner only (403 otherwise; the key needs workspaces.write). Sets the defaults jobs and transfers take: defaultInvoiceSourceLocationId (a job's source), defaultTransferFromLocationId (a transfer's source when POST /inventory/transfers gives no fromLocationId), defaultMarkupPercent (0–1000, null: none), defaultTaxPercent (0–100), defaultTaxIncluded and defaultCurrency (ISO 4217). A field out of its bounds is a 400 naming it; a location that does not exist, was deleted or is inactive a 422 naming the field; null clears a location. Fields left out keep their value; jobs already created keep what they copied. From the answer on, every call sees the new defaults.
         *
         *     Requires scope `workspaces.write`.
         */
        patch: operations["updateWorkspace"];
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
        get: operations["listWorkspaces"];
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
         * @description The filters of GET /items/count, newest first, paged with page and pageSize (1 to 200, default 50) or cursor. Follow Link rel="next" (a keyset cursor) to page through any number of items at a constant cost per page; X-Total-Count is exact when present (see the header).
         *
         *     Requires scope `items.read`.
         */
        get: operations["listItems"];
        put?: never;
        /**
         * Create an item
         * @description Only sku is required. Tags are the union of the deprecated tagId, tagIds and tagNames; unknown tag IDs or names answer 422 (names never create tags).
         *
         *     A non-zero quantity is recorded by the stock service as an opening movement at locationId (default: the workspace default location) before the item is returned; if the stock service refuses (e.g. 422 unknown or inactive location), nothing is created.
         *
         *     tracking (none, serial or lot; default none) says how the units are told apart. The opening names its units with serials (a serial item) or lot and expiresOn (a lot item): they go to the stock ledger as given, which decides them (as many serials as the quantity, each new to the stock) and whose refusals are the answer.
         *
         *     Errors: 400 for serials, lot or expiresOn on an item whose tracking does not take them, or without a quantity; 409 conflict for a taken SKU (case-insensitive) or externalId; 422 for unknown tags, supplier or location, a quantity on a trackStock false item, or tracking other than none on one; 403 exceeded_limit past the plan item limit; 403 forbidden when a location-restricted member lacks write access to locationId.
         *
         *     Requires scope `items.write`.
         */
        post: operations["createItem"];
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
         * @description A JSON array of 1 to 100 elements with the fields of POST /items, each with its own opening quantity; at most 5000 serials over all of them (400).
         *
         *     All or nothing: more than 100 elements, or one invalid element, answers 400 naming the element index, and nothing is created; unknown references (422) and taken SKUs (409) also name the index. A batch that would cross the plan item limit is refused whole (403 exceeded_limit).
         *
         *     Requires scope `items.write`.
         */
        post: operations["createItemsInBulk"];
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
         *     A change holds for every stock operation from the moment this call answers (docs/consistency.md). Making the item catalog-only (trackStock false) or changing its tracking is decided by the stock service, which knows whether stock is on hand, reserved or on order: while it or RabbitMQ is unreachable that change answers the retryable 429 naming it and nothing changes. No other change needs it.
         *
         *     Errors: 404 for an item not in the workspace; 409 for a taken SKU or externalId, trackStock false while stock is on hand, or a change of tracking while stock is on hand or reserved anywhere or the item is on an open purchase-order line (the stock service decides, from its own ledger); 422 for unknown tags or supplier, or a catalog-only item with tracking other than none (judged on the item the change results in).
         *
         *     Requires scope `items.write`.
         */
        patch: operations["updateItem"];
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
        get: operations["getItem"];
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
         *     stockHealth and locationId read the catalog projection of the stock balances, which reflects every stock change the calling key had acknowledged before this call (read-your-writes; other keys' changes arrive within the lag documented in docs/consistency.md): on-hand is the total over all locations (for a location-restricted member, over the locations it may read), or at locationId when given; an item with no balance row has 0 on hand and counts as out. low means 0 < on-hand <= the item lowStockThreshold, or else the workspace default low-stock threshold (5 unless the workspace sets another). Catalog-only items count as ok, never out or low.
         *
         *     Answers a single number; with groupBy=tagId it answers {count, groups: [{tagId, count, tag?}]} (see ItemCountByTag).
         *
         *     Requires scope `items.read`.
         */
        get: operations["countItems"];
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
        get: operations["listTags"];
        put?: never;
        /**
         * Create a tag
         * @description Counts toward the plan tag limit (403 exceeded_limit). A name already used, in any letter case, answers 409 conflict.
         *
         *     Requires scope `tags.write`.
         */
        post: operations["createTag"];
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
        get: operations["listSuppliers"];
        put?: never;
        /**
         * Create a supplier
         * @description Counts toward the plan supplier limit (403 exceeded_limit). A name already used, in any letter case, answers 409 conflict.
         *
         *     Requires scope `items.write`.
         */
        post: operations["createSupplier"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/imports": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List imports
         * @description The workspace's import jobs, newest first, paged (page ≥ 1, pageSize 1–200, default 50, or cursor: follow Link rel="next"); the total in X-Total-Count.
         *
         *     Requires scope `imports.read`.
         */
        get: operations["listImports"];
        put?: never;
        /**
         * Import a CSV file
         * @description The file is the body (`Content-Type: text/csv`, UTF-8 with or without a byte-order mark, comma or semicolon separated, RFC 4180 quoting; at most 32 MB and the plan's rows per import). Answers 202 with the job and its Location; it runs in the background: GET /imports/{id} follows it.
         *
         *     Needs imports.write and the data's scope: items.write for items, inventory.write for stock-counts and par-levels. Every row is validated by the same rules as the API; a dry run lists every error and writes nothing; otherwise a file with any invalid row fails and applies nothing, and a valid one is applied all or nothing. Idempotency-Key: the same file sent twice with one key is imported once.
         *
         *     Refused before anything is kept: a file that is not UTF-8 or not CSV (400), more rows than the plan allows (403 exceeded_limit).
         *
         *     Requires scope `imports.write`.
         */
        post: operations["createImport"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/imports/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get an import
         * @description The job: status, row counts, the first errors and why it failed. 404 for an unknown id (or another workspace's).
         *
         *     Requires scope `imports.read`.
         */
        get: operations["getImport"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/imports/{id}/errors": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List an import's errors
         * @description Every refused row of the job, by row (the header is row 1), paged (page ≥ 1, pageSize 1–200, default 50); the total in X-Total-Count.
         *
         *     Requires scope `imports.read`.
         */
        get: operations["listImportErrors"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/exports/items": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Export the items as CSV
         * @description Every item of the workspace, oldest first, in the columns of an items import (docs/csv.md: sku, description, tags (names separated by ;), supplier (its name), lowStockThreshold, trackStock, externalId, cost (empty for a caller without valuation.read), sellPrice, tracking), streamed: importing the file into another workspace gives the same catalog. Text cells a spreadsheet would run as a formula are neutralised.
         *
         *     Requires scope `items.read`.
         */
        get: operations["exportItems"];
        put?: never;
        post?: never;
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
        get: operations["listLocations"];
        put?: never;
        /**
         * Create a location
         * @description `name` is required; every other field is optional. `type` defaults to the workspace's defaultLocationType; icon, accessLevel, latitude, longitude, geofenceRadiusM and replenishFrom default to null, note to "". New locations are active (`active` is not accepted here). Unknown fields answer 400.
         *
         *     Names are unique per workspace, case-insensitively: a taken name answers 409 conflict. The plan's location limit (the default location counts) answers 403 exceeded_limit.
         *
         *     `replenishFrom` names the location the new one is normally refilled from (a van's home warehouse), under the rules PATCH /locations/{id} applies: a malformed id answers 400 naming the field; 422 unprocessable_entity, with a message starting "replenishFrom: " that says why, when it names a location that does not exist, is deleted or that a restricted member cannot read (all answered alike), or an inactive location. A new location can close no cycle. These rules hold under concurrency with the deactivation or deletion of the source: never both succeed.
         *
         *     When the member's location access is restricted, only owners may create (403 forbidden otherwise).
         *
         *     Requires scope `locations.write`.
         */
        post: operations["createLocation"];
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
        get: operations["countLocations"];
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
        get: operations["getLocation"];
        put?: never;
        post?: never;
        /**
         * Delete a location
         * @description Fails with 409 conflict when the location is the workspace default location, while it holds on-hand stock, or while any live location names it as its replenishFrom; the message says which. The stock service closes the location to new stock before the deletion is final, so stock arriving at the same moment either lands first (and the delete fails) or is refused.
         *
         *     A deleted location disappears from every listing and answers 404. A member whose location access is restricted sees only the locations its access list names: others answer 404 and are left out of lists and counts. A restricted member with read but not write access gets 403 forbidden.
         *
         *     Requires scope `locations.write`.
         */
        delete: operations["deleteLocation"];
        options?: never;
        head?: never;
        /**
         * Update a location
         * @description Every field is optional; only the fields given change. An empty body (or one that changes nothing) returns the location unchanged. `active` moves the location between active and inactive. Unknown fields answer 400; a taken name answers 409 conflict.
         *
         *     `replenishFrom` names the location this one is normally refilled from, or null to clear it (POST /locations takes it too). A malformed id answers 400 naming the field. 422 unprocessable_entity, with a message starting "replenishFrom: " that says why, when it names the location itself, a location that does not exist, is deleted or that a restricted member cannot read (all answered alike), an inactive location, or one whose own chain of replenishFrom leads back here (a cycle, named in the message).
         *
         *     Setting `active` to false answers 409 conflict while any live location names this one as its replenishFrom; the message names them (the first three, and how many more). Clear or change their replenishFrom first. These rules hold under concurrency: two requests that are each allowed alone (A from B and B from A; a van from a warehouse and the warehouse deactivated) never both succeed.
         *
         *     A change of name, type, active or replenishFrom holds for every stock operation from the moment this call answers: an inactive location takes no transfer or receipt from then on, for every key, and transfers show the new name. The change needs only this service, not the stock service: it commits with its event and the workspace's next owner position, every later call of the workspace carries that position, and the stock service decides only from a copy of the location that has applied it (docs/consistency.md). While that copy cannot catch up (RabbitMQ or this service away), such a stock call answers the retryable 429 naming what holds it back, and nothing changes.
         *
         *     A member whose location access is restricted sees only the locations its access list names: others answer 404 and are left out of lists and counts. A restricted member with read but not write access to the location gets 403 forbidden.
         *
         *     Requires scope `locations.write`.
         */
        patch: operations["updateLocation"];
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
         * @description On-hand per item and location, each with its item (id, sku, description) and location (id, name, type) as transfers show them, with what pending transfers out of it and open jobs hold (reserved) and what is free to move (available = onHand − reserved), ordered by itemId then locationId, paged (page ≥ 1, pageSize 1–200, default 50, or cursor: follow Link rel="next"). Rows at zero stay listed once stock has been there. A member with restricted location access sees the balances of locations it may read (read or write grant).
         *
         *     Requires scope `inventory.read`.
         */
        get: operations["listBalances"];
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
         * @description Immutable ledger entries, newest first, each with its item (id, sku, description) and location (id, name, type) as transfers show them, paged (page ≥ 1, pageSize 1–200, default 50, or cursor). Filters combine with AND; a filter given several values matches any of them. A member with restricted location access sees the movements of locations it may read. Follow Link rel="next" (a keyset cursor) to page through any number of movements at a constant cost per page; X-Total-Count is exact when present (see the header).
         *
         *     Requires scope `inventory.read`.
         */
        get: operations["listMovements"];
        put?: never;
        /**
         * Record a receipt, an adjustment or a physical count
         * @description A receipt adds stock (quantity > 0); an adjustment changes it by a signed quantity and cannot take more than is available, on-hand minus what pending transfers and open jobs reserve (422 naming the item, the location and the quantity available). An adjustment with expectedOnHand applies only if the on-hand is exactly that when it is written (409 conflict naming the current on-hand otherwise; nothing changes). A count (quantity = the counted on-hand) records one adjustment of the difference with reason count, so the balance equals the count; a count below what is reserved is a 422. Every movement may carry a reason (default received for receipts, correction for adjustments) and a reference. The item must exist and track stock (422 otherwise); the location must exist and not be deleted, and to add stock it must be active and not being deleted (422). A member with restricted location access needs write access to the location (403). Answers 201 with the movement.
         *
         *     Requires scope `inventory.write`.
         */
        post: operations["recordMovement"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/inventory/par-levels": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List par levels
         * @description Minimum free stock per item and location, each with the on-hand there now (0 where stock has never been), what of it is reserved for pending transfers and open jobs, what is free (available = onHand − reserved) and belowPar (available < minimum: the one availability rule, as replenishment judges), ordered by itemId then locationId, paged (page ≥ 1, pageSize 1–200, default 50, or cursor: follow Link rel="next"). belowPar=true lists what needs a refill now. Par levels of locations deleted or being deleted are not listed. A member with restricted location access sees the par levels of locations it may read (read or write grant).
         *
         *     Requires scope `inventory.read`.
         */
        get: operations["listParLevels"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/inventory/par-levels/{itemId}/{locationId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Set the par level of an item at a location
         * @description Creates or replaces the minimum free stock of the item at the location (a PUT: sending it again changes nothing more, so it takes no Idempotency-Key) and answers 200 with the par level and the on-hand, reserved and available there now. The item must exist in the workspace (404) and track stock (422 for a catalog-only item); the location must exist and not be deleted (404) nor being deleted (422); an inactive location may carry one. A member with restricted location access needs write access to the location (403). A minimum changed across the free stock there sends stock.below_par or stock.par_restored to webhooks, once; a first minimum sends nothing.
         *
         *     Requires scope `inventory.write`.
         */
        put: operations["setParLevel"];
        post?: never;
        /**
         * Remove the par level of an item at a location
         * @description Answers 204 with no body; 404 when the item has no par level at the location. A member with restricted location access needs write access to the location (403).
         *
         *     Requires scope `inventory.write`.
         */
        delete: operations["deleteParLevel"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/inventory/replenishment": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List what needs a refill, and what its source can give
         * @description Each (item, location) whose free stock (onHand − reserved) is below its par level minimum is a line: needed = target − (onHand − reserved + incoming + onOrder + drafted) (pending transfers on their way, and the open quantities of submitted and draft purchase orders arriving there), never below 0; its source is the location's replenishFrom. What a source can give of an item (availableAtSource) is its on-hand − what pending transfers reserve there − its own minimum for the item when it has a par level, never below 0. Lines drawing on the same source and item share it, served emptiest first relative to their minimum (position / minimum, lowest first; ties by location id), each proposed what it needs or what is left, so the proposals from one source never add up to more than it can give; shortfall = needed − proposed. A location without a source is refilled from the item's supplier (supplierId): it is proposed the whole need; an item without a supplier has its whole need short. Lines of inactive locations or locations being deleted, and of items that no longer track stock, are left out. At most 20000 pairs below par per call (422 past it: narrow by location or source). Ordered by itemId then locationId, paged (page ≥ 1, pageSize 1–200, default 50, or cursor: follow Link rel="next"); X-Total-Count is exact. A member with restricted location access sees the lines whose location and source it may both read. Read from the balances as committed: a run (POST) decides again under the ledger's locks.
         *
         *     Requires scope `inventory.read`.
         */
        get: operations["listReplenishment"];
        put?: never;
        /**
         * Refill locations below par from their sources
         * @description Creates the transfers the plan of GET /inventory/replenishment proposes, decided again under the ledger's locks: one transfer per (source, destination) pair holding its lines, pending by default (reserved at the source until the destination completes it; status completed moves the stock at once), reason "replenishment", origin replenishment; and for locations without a source one draft purchase order per (supplier, location), origin replenishment, at the items' catalog cost (submit it to put it on order). Answers 201 with the transfers, the purchase orders and the lines left short; lines with nothing to propose are left out, and a run with nothing to do answers 201 with empty lists. Each (item, location) whose free stock (onHand − reserved) is below its par level minimum is a line: needed = target − (onHand − reserved + incoming + onOrder + drafted) (pending transfers on their way, and the open quantities of submitted and draft purchase orders arriving there), never below 0; its source is the location's replenishFrom. What a source can give of an item (availableAtSource) is its on-hand − what pending transfers reserve there − its own minimum for the item when it has a par level, never below 0. Lines drawing on the same source and item share it, served emptiest first relative to their minimum (position / minimum, lowest first; ties by location id), each proposed what it needs or what is left, so the proposals from one source never add up to more than it can give; shortfall = needed − proposed. A location without a source is refilled from the item's supplier (supplierId): it is proposed the whole need; an item without a supplier has its whole need short. Lines of inactive locations or locations being deleted, and of items that no longer track stock, are left out. At most 20000 pairs below par per call (422 past it: narrow by location or source). Two runs at once never reserve the same stock twice nor refill past a target (the second plans from what the first committed), and a source is never taken below its own minimum. All or nothing. A member with restricted location access needs write access to the locations and the source it names (403), and otherwise refills the locations it may write, from sources it may write. The transfers are ordinary: complete, reject or cancel each as any other; each counts toward the plan's transfers per billing cycle (403 exceeded_limit past it, and nothing is created).
         *
         *     Requires scope `transfers.write`.
         */
        post: operations["replenish"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/inventory/settings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get the workspace's stock settings
         * @description The default low-stock threshold of items whose lowStockThreshold is null (5 until the workspace sets another).
         *
         *     Requires scope `inventory.read`.
         */
        get: operations["getStockSettings"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Change the workspace's stock settings
         * @description Sets the default low-stock threshold of items whose lowStockThreshold is null; the owner's alone (403 otherwise). From the answer on, every stock change is judged by it; the change itself judges each stock-tracked item that uses the default once, at its on-hand now, and an item it moves across the threshold sends item.stock_low or item.stock_ok to webhooks. GET /items and /items/count filter by it once the catalog has the change (within the projection lag, docs/consistency.md). Sending the same value again changes nothing.
         *
         *     Requires scope `inventory.write`.
         */
        patch: operations["updateStockSettings"];
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
         * @description Transfers of the workspace, paged (page ≥ 1, pageSize 1–200, default 50, or cursor), newest first by default. A member with restricted location access sees transfers from or to a location it may read. Follow Link rel="next" (a keyset cursor) to page through any number of transfers at a constant cost per page; X-Total-Count is exact when present (see the header).
         *
         *     Requires scope `transfers.read`.
         */
        get: operations["listTransfers"];
        put?: never;
        /**
         * Create a transfer
         * @description Moves stock from fromLocationId (default: the workspace's defaultTransferFromLocationId; without either, 400 naming fromLocationId) to toLocationId at once, all or nothing, and answers 201 with the completed Transfer. With status pending nothing moves yet: the lines are reserved at the source (they count against its available stock) and 201 answers the pending Transfer, to be completed or rejected by the destination or cancelled by the source. 422 for the same source and destination, an unknown, deleted or inactive location (or one being deleted), an unknown or catalog-only item, or too little available at the source, on-hand minus what pending transfers and open jobs reserve (naming the item, the location and the quantity available). A member with restricted location access needs write access to both locations (403). Counts toward the plan's transfers per billing cycle when created, pending or not (403 exceeded_limit past it).
         *
         *     Requires scope `transfers.write`.
         */
        post: operations["createTransfer"];
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
        get: operations["getTransfer"];
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
         * @description The destination confirms arrival: in one transaction the stock moves (transfer_out at the source, transfer_in at the destination, both carrying the transferId) and the reservation at the source is released. A line of a serial- or lot-tracked item that named no serials or lot must be named now (lines: [{itemId, serials} or {itemId, lot, quantity?}]; 422 naming lines[i].serials or lines[i].lot otherwise): the picker names the units; the API never picks them. 409 when the transfer is not pending; 422 when the destination is inactive, closed or deleted, or a named serial or lot is not free at the source. Needs write access to the destination. 404 for a transfer the member cannot see (it may read neither location). Answers 200 with the transfer.
         *
         *     Requires scope `transfers.write`.
         */
        post: operations["completeTransfer"];
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
         * @description The destination refuses the transfer: the reservation at the source is released and nothing moves. Optional reason (≤ 500 characters), returned on the transfer. 409 when the transfer is not pending. Needs write access to the destination. 404 for a transfer the member cannot see (it may read neither location). Answers 200 with the transfer.
         *
         *     Requires scope `transfers.write`.
         */
        post: operations["rejectTransfer"];
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
         * @description The source withdraws the transfer: the reservation at the source is released and nothing moves. Optional reason (≤ 500 characters), returned on the transfer. 409 when the transfer is not pending. Needs write access to the source. 404 for a transfer the member cannot see (it may read neither location). Answers 200 with the transfer.
         *
         *     Requires scope `transfers.write`.
         */
        post: operations["cancelTransfer"];
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
         * @description Moves the stock back with compensating movements (transfer_out at the destination, transfer_in at the source, both carrying the transferId). 409 when the transfer is not completed (pending, rejected, cancelled or already reverted); 422 when the destination no longer has a line's quantity available (naming the item and the quantity available) or the source is deleted, inactive or being deleted. Needs write access to both locations. Does not count toward the transfer limit. 404 for a transfer the member cannot see (it may read neither location). Answers 200 with the transfer.
         *
         *     Requires scope `transfers.write`.
         */
        post: operations["revertTransfer"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/jobs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List jobs
         * @description Jobs of the workspace, paged (page ≥ 1, pageSize 1–200, default 50, or cursor: follow Link rel="next"), newest first by default; filters combine with AND. A member with restricted location access sees the jobs whose every location it may read.
         *
         *     Requires scope `jobs.read`.
         */
        get: operations["listJobs"];
        put?: never;
        /**
         * Create a job
         * @description Creates an open job with its lines (materials planned per item, each taken from the job's source unless it names a location). The source defaults to the workspace's defaultInvoiceSourceLocationId; currency, markupPercent, taxPercent and taxIncluded default to the workspace's. A stock-tracked line with no location is a 422 naming sourceLocationId; an unknown item, or a location that does not exist or was deleted, is a 422. With reserve: true every stocked line is reserved at its location now, all or nothing (422 naming each short item, its location and what is available there). A member with restricted location access needs write access to every location the job's stocked lines take stock from (403); a job it cannot read every location of is a 404. Answers 201 with the job.
         *
         *     Requires scope `jobs.write`.
         */
        post: operations["createJob"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/jobs/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Retrieve a job
         * @description By its id, or by its externalRef as ext_<externalRef>. 404 for a job the member cannot see (it may not read every location the job names).
         *
         *     Requires scope `jobs.read`.
         */
        get: operations["getJob"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Change an open job
         * @description Changes name, externalRef, note, scheduledAt, pricing, the source and the set of lines of an open job (409 naming its status otherwise). Lines that follow the source move with it, their reservations too (all or nothing); a reserved line keeps its reservation in step with its planned quantity: reduced, or increased all or nothing (422 naming each shortage); lines left out give theirs back. An empty body changes nothing. A member with restricted location access needs write access to every location the job's stocked lines take stock from (403); a job it cannot read every location of is a 404.
         *
         *     Requires scope `jobs.write`.
         */
        patch: operations["updateJob"];
        trace?: never;
    };
    "/jobs/{id}/reserve": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Reserve a job's materials
         * @description Reserves each stock-tracked line's planned − reserved at its location (which must be active), all or nothing: a shortage is a 422 naming each short item (id and SKU), its location and the quantity available there, and nothing is reserved. With partial=true it reserves what is available and lists the shortages. Reserved stock stays on hand, counted in the balance's reserved: no transfer, adjustment, count or other job can take it. 409 when the job is not open. A member with restricted location access needs write access to every location the job's stocked lines take stock from (403); a job it cannot read every location of is a 404.
         *
         *     Requires scope `jobs.write`.
         */
        post: operations["reserveJob"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/jobs/{id}/release": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Release a job's reservations
         * @description Gives back every reservation of an open job (409 otherwise); it stays open. A member with restricted location access needs write access to every location the job's stocked lines take stock from (403); a job it cannot read every location of is a 404.
         *
         *     Requires scope `jobs.write`.
         */
        post: operations["releaseJob"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/jobs/{id}/complete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Complete a job
         * @description Records what an open job used (409 otherwise) and, in one transaction, takes it out of stock: one movement per stock-tracked item and location used (type adjustment, reason job, reference and jobId the job's id), from the job's own reservation first, then from what is free there; what was reserved and not used is released. Without used, every line used what it planned; with it, the lines it names used that (others nothing) and items not planned are added. Not enough at a location is a 422 naming each shortage, and nothing changes: stock never goes negative. Catalog-only lines are recorded and priced but move nothing. Freezes the prices (unitCost: the item's average cost, its catalog cost until a receipt brought one; unitPrice: its sell price when > 0, else the cost with the job's markup, rounded to cents) and the totals of the billable lines, tax added or included. Records job.completed. A member with restricted location access needs write access to every location the job's stocked lines take stock from (403); a job it cannot read every location of is a 404.
         *
         *     Requires scope `jobs.write`.
         */
        post: operations["completeJob"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/jobs/{id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Cancel a job
         * @description Cancels an open job (409 otherwise) and releases every reservation it holds. Records job.cancelled. A member with restricted location access needs write access to every location the job's stocked lines take stock from (403); a job it cannot read every location of is a 404.
         *
         *     Requires scope `jobs.write`.
         */
        post: operations["cancelJob"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/jobs/{id}/revert": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Revert a completed job
         * @description Puts back what a completed job used (409 otherwise), where it was taken, with compensating movements (reason job_reverted, reference and jobId the job's id); the job becomes reverted and keeps its prices and totals. 422 naming the location when one can no longer take stock (inactive, being deleted, deleted), or naming an item that no longer tracks stock. Records job.reverted. A member with restricted location access needs write access to every location the job's stocked lines take stock from (403); a job it cannot read every location of is a 404.
         *
         *     Requires scope `jobs.write`.
         */
        post: operations["revertJob"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/purchase-orders": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List purchase orders
         * @description Orders of the workspace, paged (page ≥ 1, pageSize 1–200, default 50, or cursor: follow Link rel="next"), newest first by default; filters combine with AND. A member with restricted location access sees the orders arriving at locations it may read.
         *
         *     Requires scope `purchase_orders.read`.
         */
        get: operations["listPurchaseOrders"];
        put?: never;
        /**
         * Create a purchase order
         * @description Creates a draft order from a supplier, arriving at locationId (default the workspace's defaultLocationId). Each line's unitCost defaults to the item's catalog cost. An unknown supplier, item or location, a catalog-only item or an inactive location is a 422 naming the field; the same item twice is a 400 naming lines[i].itemId. A member with restricted location access needs write access to the receiving location (403); an order arriving at a location it cannot read is a 404. Answers 201 with the order (status draft).
         *
         *     Requires scope `purchase_orders.write`.
         */
        post: operations["createPurchaseOrder"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/purchase-orders/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Retrieve a purchase order
         * @description By its id, or by its externalRef as ext_<externalRef>. 404 for an order the member cannot see.
         *
         *     Requires scope `purchase_orders.read`.
         */
        get: operations["getPurchaseOrder"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Change a draft purchase order
         * @description Changes a draft's supplier, location, reference, expectedAt, note, externalRef and its whole set of lines (409 naming the status otherwise). Fields left out keep their value; the checks of creation apply. A member with restricted location access needs write access to the receiving location (403); an order arriving at a location it cannot read is a 404.
         *
         *     Requires scope `purchase_orders.write`.
         */
        patch: operations["updatePurchaseOrder"];
        trace?: never;
    };
    "/purchase-orders/{id}/submit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Submit a purchase order
         * @description A draft becomes ordered: its open quantities are on order (balances show onOrder at the receiving location; replenishment counts them). Records purchase_order.submitted. 409 naming the status from any other. A member with restricted location access needs write access to the receiving location (403); an order arriving at a location it cannot read is a 404.
         *
         *     Requires scope `purchase_orders.write`.
         */
        post: operations["submitPurchaseOrder"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/purchase-orders/{id}/close": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Close a purchase order
         * @description An ordered or partially received order becomes closed: what is still open is a back order dropped, no longer on order. Records purchase_order.closed. 409 naming the status from any other. A member with restricted location access needs write access to the receiving location (403); an order arriving at a location it cannot read is a 404.
         *
         *     Requires scope `purchase_orders.write`.
         */
        post: operations["closePurchaseOrder"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/purchase-orders/{id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Cancel a purchase order
         * @description A draft, or an ordered order with nothing received, becomes cancelled. Records purchase_order.cancelled. 409 naming the status from any other. A member with restricted location access needs write access to the receiving location (403); an order arriving at a location it cannot read is a 404.
         *
         *     Requires scope `purchase_orders.write`.
         */
        post: operations["cancelPurchaseOrder"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/purchase-orders/{id}/receipts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List a purchase order's receipts
         * @description Oldest first, reverted ones included (revertedAt set).
         *
         *     Requires scope `purchase_orders.read`.
         */
        get: operations["listPurchaseOrderReceipts"];
        put?: never;
        /**
         * Receive goods against a purchase order
         * @description All or nothing: each line writes one receipt movement at the order's location (reason received) carrying purchaseOrderId, receiptId and unitCost (the order line's unless the receipt gives one: the invoice price), which moves the item's moving average cost. The order becomes partially_received, then received once every line is. More than a line's open quantity is a 422 naming the item and what is open, and nothing changes; an order that is not ordered or partially received is a 409. Receipts racing on one order never receive more than was ordered. Records purchase_order.received. A member with restricted location access needs write access to the receiving location (403); an order arriving at a location it cannot read is a 404.
         *
         *     Requires scope `purchase_orders.write`.
         */
        post: operations["receivePurchaseOrder"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/purchase-orders/{id}/receipts/{receiptId}/revert": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Revert a receipt
         * @description Takes back what the receipt added, where it arrived (adjustments with reason receipt_reverted, at the receipt's costs: the average cost moves back), its quantities leave the order's received and the status follows (a closed order stays closed). 422 naming the location and item when that stock is no longer there; 409 for a receipt already reverted. A member with restricted location access needs write access to the receiving location (403); an order arriving at a location it cannot read is a 404.
         *
         *     Requires scope `purchase_orders.write`.
         */
        post: operations["revertPurchaseOrderReceipt"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/inventory/valuation": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Value the stock on hand
         * @description Every balance with stock (onHand ≠ 0), by itemId then locationId, with its item (id, sku, description) and location (id, name), its onHand, the item's averageCost (the moving average over the workspace, else the catalog cost; null when neither is known) and value = onHand × averageCost rounded to cents half up (null when the cost is unknown); totals sum the rows (a value unknown adds nothing). Not paged: one statement over the ledger's own tables. With asOf, each balance's quantity after its last movement created at or before that instant and the average cost in force then; an item whose average never changed before asOf is valued at today's catalog cost (its history is not kept; docs/valuation.md). A member with restricted location access values the locations it may read. Scope valuation.read: costs are kept from keys not granted it (docs/decisions.md).
         *
         *     Requires scope `valuation.read`.
         */
        get: operations["getValuation"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/inventory/revaluations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List revaluations
         * @description Revaluations of the workspace, newest first (createdAt, then id), of the items given or all; paged (page ≥ 1, pageSize 1–200, default 50, or cursor: follow Link rel="next"). Scope valuation.read.
         *
         *     Requires scope `valuation.read`.
         */
        get: operations["listRevaluations"];
        put?: never;
        /**
         * Correct an item's average cost
         * @description Sets the item's average cost (the moving average over the workspace) to averageCost, recorded as a revaluation with its reason: valueChange = the item's on-hand over the workspace × (averageCost − averageCostBefore), rounded to cents. Moves no stock. Valuation asOf an instant before it shows the old average, after it the new; jobs completed before keep the costs they froze. An unknown or catalog-only item is a 422 naming itemId; a member with restricted location access gets 403 (the change values stock at every location). Scope valuation.write; Idempotency-Key honoured (docs/purchasing.md).
         *
         *     Requires scope `valuation.write`.
         */
        post: operations["revalueItem"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/inventory/serials": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List serials (find one by a scan)
         * @description Every serial of the workspace ever received, by item then serial, each with its status, where it is (or last was), the job that used it and the pending transfer or open job holding it, paged (page ≥ 1, pageSize 1–200, default 50, or cursor: follow Link rel="next"). serial= is a scan: it matches ignoring case and surrounding spaces, across items. A member with restricted location access sees the serials at (or last at) locations it may read (docs/serials.md).
         *
         *     Requires scope `inventory.read`.
         */
        get: operations["listSerials"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/inventory/lots": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List lots on hand
         * @description What of each lot is at each location (on hand, and reserved for pending transfers and open jobs that named it), with its expiry, ordered by expiresOn (none last), then lot; paged as serials are. A member with restricted location access sees the locations it may read (docs/serials.md).
         *
         *     Requires scope `inventory.read`.
         */
        get: operations["listLots"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/exports/balances": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Export the balances as CSV
         * @description Every balance (an item at a location), by location name then SKU, streamed: locationId, location, itemId, sku, description, onHand, reserved, available. Names and SKUs are as the stock service's copies hold them (a rename reaches them within the event lag); the ids beside them are exact. A member with restricted location access exports the locations it may read only.
         *
         *     Requires scope `inventory.read`.
         */
        get: operations["exportBalances"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/exports/movements": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Export the movements as CSV
         * @description The ledger in the order it was written, streamed from a cursor (a file of a million movements holds constant memory): createdAt, id, type, reason, locationId, location, itemId, sku, quantity, balanceAfter, transferId, reference, note, userId, jobId, unitCost (empty for a caller without valuation.read), purchaseOrderId, receiptId, serials (separated by spaces), lot; from/to bound createdAt, locationId and itemId filter. Names and SKUs are as the stock service's copies hold them (a rename reaches them within the event lag); the ids beside them are exact. A member with restricted location access exports the locations it may read only.
         *
         *     Requires scope `inventory.read`.
         */
        get: operations["exportMovements"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/exports/valuation": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Export the valuation as CSV
         * @description The rows of GET /inventory/valuation (same itemId, locationId and asOf), by itemId then locationId, streamed: itemId, sku, description, locationId, location, onHand, averageCost, value (onHand × averageCost rounded to cents, half up; empty when the cost is unknown). No totals row: they are the sums of the columns. Names and SKUs are as the stock service's copies hold them (a rename reaches them within the event lag); the ids beside them are exact. A member with restricted location access exports the locations it may read only.
         *
         *     Requires scope `valuation.read`.
         */
        get: operations["exportValuation"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List webhook endpoints
         * @description Every endpoint of the workspace, oldest first, without secrets (the plan's limit keeps the list to one page). A member with restricted location access gets 403: webhooks carry the events of every location.
         *
         *     Requires scope `webhooks.read`.
         */
        get: operations["listWebhooks"];
        put?: never;
        /**
         * Create a webhook endpoint
         * @description Answers 201 with the endpoint and its signing secret (whsec_…), shown this once: every delivery is signed with it (Standard Webhooks headers webhook-id, webhook-timestamp, webhook-signature). The URL must be https:// (http:// only where the deployment allows it), without credentials or fragment, at most 2048 characters, and its host must not be or resolve to a loopback, private, link-local (the cloud metadata address), CGNAT, multicast, unspecified or unique-local address (400 naming url); the address is checked again at connect time on every attempt. events: exact types or prefix wildcards (transfer.*), empty for every event. The plan limits endpoints per workspace (403 exceeded_limit). Takes no Idempotency-Key: its answer holds a secret, which is never stored in plain text to be replayed; after a lost answer, list the endpoints and delete the extra one. A member with restricted location access gets 403: webhooks carry the events of every location.
         *
         *     Requires scope `webhooks.write`.
         */
        post: operations["createWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhooks/{webhookId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a webhook endpoint
         * @description A member with restricted location access gets 403: webhooks carry the events of every location.
         *
         *     Requires scope `webhooks.read`.
         */
        get: operations["getWebhook"];
        put?: never;
        post?: never;
        /**
         * Delete a webhook endpoint
         * @description Deletes it with its pending messages and its deliveries log; answers 204. A member with restricted location access gets 403: webhooks carry the events of every location.
         *
         *     Requires scope `webhooks.write`.
         */
        delete: operations["deleteWebhook"];
        options?: never;
        head?: never;
        /**
         * Change a webhook endpoint
         * @description Changes the fields given (at least one). enabled: true re-enables an endpoint the service disabled (disabledReason is cleared; its pending messages are sent again); enabled: false pauses it. Events that happen while an endpoint is disabled are not queued for it. A member with restricted location access gets 403: webhooks carry the events of every location.
         *
         *     Requires scope `webhooks.write`.
         */
        patch: operations["updateWebhook"];
        trace?: never;
    };
    "/webhooks/{webhookId}/rotate-secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Rotate the signing secret
         * @description Answers the new secret, shown this once. For 24 hours every delivery carries two signatures, the new secret's and the old one's, so the receiver can switch without missing one; a second rotation drops the oldest at once. A member with restricted location access gets 403: webhooks carry the events of every location.
         *
         *     Requires scope `webhooks.write`.
         */
        post: operations["rotateWebhookSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhooks/{webhookId}/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a test event
         * @description Queues a webhook.test event for this endpoint alone, whatever its events filter, due at once; answers 202 with its delivery (follow it with GET /webhooks/{webhookId}/deliveries/{deliveryId}). 409 while the endpoint is disabled. A member with restricted location access gets 403: webhooks carry the events of every location.
         *
         *     Requires scope `webhooks.write`.
         */
        post: operations["testWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhooks/{webhookId}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List an endpoint's deliveries
         * @description Each event sent (or to be sent) to the endpoint, newest first, with its latest attempts (time, status code, duration, error, the first 2 KB of the response). Paged by cursor only (Link rel="next"; pageSize 1–200, default 50): no page numbers and no X-Total-Count, since the log grows at its head while it is read. Deliveries are kept 30 days after they finish. A member with restricted location access gets 403: webhooks carry the events of every location.
         *
         *     Requires scope `webhooks.read`.
         */
        get: operations["listWebhookDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhooks/{webhookId}/deliveries/{deliveryId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a delivery
         * @description A member with restricted location access gets 403: webhooks carry the events of every location.
         *
         *     Requires scope `webhooks.read`.
         */
        get: operations["getWebhookDelivery"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhooks/{webhookId}/deliveries/{deliveryId}/retry": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a delivery again now
         * @description Queues the delivery again, due at once, with the same webhook-id (the receiver de-duplicates on it); answers 202. If that attempt fails, what is left of the retry schedule follows. 409 while the endpoint is disabled. A member with restricted location access gets 403: webhooks carry the events of every location.
         *
         *     Requires scope `webhooks.write`.
         */
        post: operations["retryWebhookDelivery"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface webhooks {
    "transfer.pending": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * transfer.pending
         * @description A pending transfer was created: its quantities are reserved at the source.
         */
        post: operations["webhook_transfer_pending"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "transfer.completed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * transfer.completed
         * @description A transfer was completed (at once, or by the destination): stock moved.
         */
        post: operations["webhook_transfer_completed"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "transfer.rejected": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * transfer.rejected
         * @description The destination rejected a pending transfer; its reservation was released.
         */
        post: operations["webhook_transfer_rejected"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "transfer.cancelled": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * transfer.cancelled
         * @description The source cancelled a pending transfer; its reservation was released.
         */
        post: operations["webhook_transfer_cancelled"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "transfer.reverted": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * transfer.reverted
         * @description A completed transfer was reverted: its stock moved back.
         */
        post: operations["webhook_transfer_reverted"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "stock.changed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * stock.changed
         * @description The on-hand of an item at a location changed (one event per item and location per committed change).
         */
        post: operations["webhook_stock_changed"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "stock.below_par": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * stock.below_par
         * @description An item at a location dropped below its par level (free stock, available < minimum).
         */
        post: operations["webhook_stock_below_par"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "stock.par_restored": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * stock.par_restored
         * @description An item at a location is back at or above its par level.
         */
        post: operations["webhook_stock_par_restored"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "item.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * item.created
         * @description An item was created.
         */
        post: operations["webhook_item_created"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "item.updated": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * item.updated
         * @description An item was changed.
         */
        post: operations["webhook_item_updated"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "item.deleted": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * item.deleted
         * @description Reserved: items cannot be deleted through the API today; the type is part of the contract for when they can.
         */
        post: operations["webhook_item_deleted"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "item.stock_low": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * item.stock_low
         * @description An item's total on hand crossed into low (0 < onHand ≤ threshold).
         */
        post: operations["webhook_item_stock_low"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "item.stock_out": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * item.stock_out
         * @description An item's total on hand crossed into out (onHand ≤ 0).
         */
        post: operations["webhook_item_stock_out"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "item.stock_ok": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * item.stock_ok
         * @description An item's total on hand crossed into ok (above its threshold).
         */
        post: operations["webhook_item_stock_ok"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "location.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * location.created
         * @description A location was created.
         */
        post: operations["webhook_location_created"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "location.updated": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * location.updated
         * @description A location was changed (name, type, active, ...).
         */
        post: operations["webhook_location_updated"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "location.deleted": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * location.deleted
         * @description A location was deleted; data is the location as it was.
         */
        post: operations["webhook_location_deleted"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "import.completed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * import.completed
         * @description A CSV import ended completed: every row applied, or a dry run validated (its errors listed).
         */
        post: operations["webhook_import_completed"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "import.failed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * import.failed
         * @description A CSV import failed: a row was invalid, or the file could not be applied; nothing was applied.
         */
        post: operations["webhook_import_failed"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "job.completed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * job.completed
         * @description A job was completed: what it used left stock (its stock.changed follow), its prices and totals were frozen.
         */
        post: operations["webhook_job_completed"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "job.cancelled": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * job.cancelled
         * @description An open job was cancelled; its reservations were released.
         */
        post: operations["webhook_job_cancelled"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "job.reverted": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * job.reverted
         * @description A completed job was reverted: what it used was put back where it was taken.
         */
        post: operations["webhook_job_reverted"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "purchase_order.submitted": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * purchase_order.submitted
         * @description A draft purchase order was submitted: its open quantities are on order.
         */
        post: operations["webhook_purchase_order_submitted"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "purchase_order.received": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * purchase_order.received
         * @description Goods were received against a purchase order (one event per receipt): data is the order after the receipt, with the receipt in `receipt`.
         */
        post: operations["webhook_purchase_order_received"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "purchase_order.closed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * purchase_order.closed
         * @description An ordered or partially received purchase order was closed: what was still open is no longer on order.
         */
        post: operations["webhook_purchase_order_closed"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "purchase_order.cancelled": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * purchase_order.cancelled
         * @description A purchase order was cancelled.
         */
        post: operations["webhook_purchase_order_cancelled"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "purchase_order.receipt_reverted": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * purchase_order.receipt_reverted
         * @description A receipt of a purchase order was taken back: data is the order in the status the revert left it in (received → partially received or ordered; a closed order stays closed), with the reverted receipt (its revertedAt and costVariance) in `receipt`.
         */
        post: operations["webhook_purchase_order_receipt_reverted"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "webhook.test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * webhook.test
         * @description Sent by POST /webhooks/{id}/test to that endpoint alone.
         */
        post: operations["webhook_webhook_test"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface components {
    schemas: {
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
                /** @description Insufficient stock (422) only: every short line of the change, in the order asked, the same way for transfers, movements, jobs and replenishment runs. */
                shortages?: {
                    itemId: string;
                    locationId: string;
                    /** @description Free stock there: on hand minus what pending transfers and open jobs reserve (what the change itself frees there included) */
                    available: number;
                    requested: number;
                    /** @description The request field that asked for it, when one did */
                    param?: string;
                }[];
                /**
                 * @description The code's section of the API reference, relative to the API's base URL.
                 * @example /docs#section/Errors/bad_request
                 */
                doc_url: string;
            };
        };
        /** @description Where to start */
        ApiIndex: {
            /** @example Inventory Management API */
            name: string;
            /**
             * @description The API version (the specification's)
             * @example 0.0.1
             */
            version: string;
            /**
             * @description The API reference, a page for people; relative to the API's base URL
             * @example /docs
             */
            docs: string;
            /**
             * @description This OpenAPI 3.1 document; relative to the API's base URL
             * @example /openapi.json
             */
            openapi: string;
            /**
             * @description How every other call authenticates, and where a key comes from
             * @example Every other call sends "Authorization: Bearer <key>". An operator creates a workspace with its owner's key: npm run -s admin -- workspace:create --name N --owner-email E --plan pro (or npm run demo, for one with sample data).
             */
            authentication: string;
        };
        /** @description memberPermissions is not returned: this API has no permission templates; roles and scopes decide. */
        Workspace: {
            /**
             * Format: uuid
             * @example 7c9e6679-7425-40de-944b-e07fc1f90ae7
             */
            id: string;
            /** @example Acme Inc. */
            name: string;
            /** @example acme */
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
            /**
             * Format: uuid
             * @example 7c9e6679-7425-40de-944b-e07fc1f90ae7
             */
            defaultLocationId: string | null;
            /** @example USD */
            defaultCurrency: string;
            /** @example INV- */
            invoiceNumberPrefix: string;
            defaultTaxPercent: number;
            defaultTaxIncluded: boolean;
            defaultInvoiceDueDays: number;
            invoicingBusinessName: string | null;
            invoicingBrandColor: string | null;
            invoicingEmail: string | null;
            invoicingAddress: string | null;
            /**
             * Format: uuid
             * @example 7c9e6679-7425-40de-944b-e07fc1f90ae7
             */
            defaultInvoiceSourceLocationId: string | null;
            /**
             * Format: uuid
             * @example 7c9e6679-7425-40de-944b-e07fc1f90ae7
             */
            defaultTransferFromLocationId: string | null;
            /** @enum {string} */
            defaultLocationType: "warehouse" | "van" | "truck" | "site" | "other";
            defaultMarkupPercent: number | null;
            /** @enum {string} */
            plan: "free" | "pro" | "business" | "advanced" | "business plus" | "business extra" | "business max" | "enterprise";
            billingProviderId: string | null;
            /** @description Start of the current billing cycle, Unix epoch milliseconds. Cycles are monthly from the workspace creation. */
            billingCycleStart: number;
            /**
             * Format: date-time
             * @example 2026-01-15T09:30:00.000Z
             */
            createdAt: string;
            /**
             * Format: date-time
             * @example 2026-01-15T09:30:00.000Z
             */
            trialEndsAt: string | null;
            /** @description The authenticated user, with its role in this workspace */
            users: {
                /**
                 * Format: uuid
                 * @example 7c9e6679-7425-40de-944b-e07fc1f90ae7
                 */
                id: string;
                /** Format: email */
                email: string;
                /** @enum {string} */
                role: "owner" | "member" | "viewer" | "billing";
            }[];
            inviteCode: string | null;
            ssoEmailDomain: string | null;
            /**
             * Format: date-time
             * @example 2026-01-15T09:30:00.000Z
             */
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
        UpdateWorkspace: {
            /**
             * Format: uuid
             * @description Where a job takes stock from when it names no source; an active location of the workspace, or null
             */
            defaultInvoiceSourceLocationId?: string | null;
            /**
             * Format: uuid
             * @description Where POST /inventory/transfers takes stock from when it names no fromLocationId; an active location of the workspace, or null
             */
            defaultTransferFromLocationId?: string | null;
            /** @description 0 to 1000 (at most 4 decimals): a new job's markup from unit cost to unit price; null: none */
            defaultMarkupPercent?: number | null;
            /** @description 0 to 100 (at most 4 decimals): a new job's tax */
            defaultTaxPercent?: number;
            /** @description A new job's: true, prices include the tax; false, it is added on top */
            defaultTaxIncluded?: boolean;
            /**
             * @description A new job's currency: an ISO 4217 code
             * @example EUR
             */
            defaultCurrency?: string;
        };
        Item: {
            /**
             * Format: uuid
             * @example 7c9e6679-7425-40de-944b-e07fc1f90ae7
             */
            id: string;
            /** @example WID-001 */
            sku: string;
            /** @example Widget, blue, 10 cm */
            description: string;
            /**
             * @description Your own identifier; PATCH /items/ext_<externalId> addresses the item by it
             * @example erp-10042
             */
            externalId: string | null;
            /**
             * Format: uuid
             * @description null when the item has no supplier
             * @example 7c9e6679-7425-40de-944b-e07fc1f90ae7
             */
            supplierId: string | null;
            /**
             * @description What one unit costs, >= 0; null for a caller without valuation.read (costs are kept from it; such a key may still set the cost: docs/decisions.md#costs-and-their-scope)
             * @example 4.5
             */
            cost: number | null;
            sellPrice: number;
            trackStock: boolean;
            /**
             * @description How units are told apart: none (default), serial (every unit has a serial number, named on every line that moves it) or lot (units carry a lot code, named on every line that moves them)
             * @example none
             * @enum {string}
             */
            tracking: "none" | "serial" | "lot";
            /** @description null uses the workspace default low-stock threshold */
            lowStockThreshold: number | null;
            /**
             * Format: uuid
             * @deprecated
             * @description Deprecated: the first assigned tag (null without tags); use tags
             * @example 7c9e6679-7425-40de-944b-e07fc1f90ae7
             */
            tagId: string | null;
            tags: components["schemas"]["Tag"][];
            /**
             * Format: uuid
             * @description ID of the creating user
             * @example 7c9e6679-7425-40de-944b-e07fc1f90ae7
             */
            userId: string;
            /**
             * Format: uuid
             * @example 7c9e6679-7425-40de-944b-e07fc1f90ae7
             */
            workspaceId: string;
            /**
             * Format: date-time
             * @example 2026-01-15T09:30:00.000Z
             */
            createdAt: string;
            /**
             * Format: date-time
             * @description Unchanged by a PATCH that changes nothing
             * @example 2026-01-15T09:30:00.000Z
             */
            updatedAt: string;
            /**
             * Format: uuid
             * @deprecated
             * @description Deprecated: equals workspaceId
             * @example 7c9e6679-7425-40de-944b-e07fc1f90ae7
             */
            projectId: string;
            /** @description The linked supplier record; null when the item has no supplier */
            supplier: components["schemas"]["Supplier"] | null;
        };
        Tag: {
            /**
             * Format: uuid
             * @example 7c9e6679-7425-40de-944b-e07fc1f90ae7
             */
            id: string;
            /**
             * @description 1 to 64 characters, unique per workspace case-insensitively
             * @example Fragile
             */
            name: string;
            /**
             * @description As given on create: a CSS color name, #rgb or #rrggbb (default #9e9e9e)
             * @example blue
             */
            color: string;
        };
        Supplier: {
            /**
             * Format: uuid
             * @example 7c9e6679-7425-40de-944b-e07fc1f90ae7
             */
            id: string;
            /**
             * @description 1 to 128 characters, unique per workspace case-insensitively
             * @example Acme Supplies
             */
            name: string;
            /**
             * @description Empty string when not given
             * @example orders@acme.example
             */
            email: string;
            /**
             * @description Empty string when not given
             * @example +1 555 0100
             */
            phone: string;
        };
        /**
         * @example {
         *       "sku": "WID-001",
         *       "description": "Widget, blue, 10 cm",
         *       "externalId": "erp-10042",
         *       "cost": 4.5,
         *       "sellPrice": 9.99,
         *       "trackStock": true,
         *       "tracking": "serial",
         *       "lowStockThreshold": 10,
         *       "tagNames": [
         *         "Fragile"
         *       ],
         *       "quantity": 2,
         *       "locationId": "9f1b7c3e-2d4a-4e8f-a6b5-1c0d3e2f4a5b",
         *       "serials": [
         *         "WH-40-221873",
         *         "WH-40-221874"
         *       ]
         *     }
         */
        CreateItem: {
            /**
             * @description Required on create; 1 to 100 characters, unique per workspace case-insensitively (409 conflict)
             * @example WID-001
             */
            sku: string;
            /**
             * @description Up to 2000 characters; default ""
             * @example Widget, blue, 10 cm
             */
            description?: string;
            /**
             * @description Your own identifier, unique per workspace (case-sensitive), 1 to 128 characters
             * @example erp-10042
             */
            externalId?: string | null;
            /**
             * @description >= 0; default 0. May be set without valuation.read, whose answer then shows null
             * @example 4.5
             */
            cost?: number;
            /**
             * @description >= 0; default 0
             * @example 9.99
             */
            sellPrice?: number;
            /**
             * Format: uuid
             * @description A supplier of the workspace (422 otherwise; a malformed ID is a 400); null unlinks
             * @example 0b9d3f52-6a1e-4c8b-9f27-3e5a7d1c4b60
             */
            supplierId?: string | null;
            /** @description Default true; false makes the item catalog-only */
            trackStock?: boolean;
            /**
             * @description How units are told apart: none (default), serial or lot. A catalog-only item (trackStock false) takes none only (422). On PATCH, a change is decided by the stock service: 409 while the item has stock on hand or reserved anywhere, or is on an open purchase-order line
             * @example none
             * @enum {string}
             */
            tracking?: "none" | "serial" | "lot";
            /**
             * @description 0 to 1000000; null uses the workspace default
             * @example 10
             */
            lowStockThreshold?: number | null;
            /**
             * Format: uuid
             * @deprecated
             * @description Deprecated; use tagIds. Joins the union of tags
             */
            tagId?: string;
            /**
             * @description IDs of tags of the workspace (unknown IDs: 422; malformed: 400)
             * @example [
             *       "5a2c8e71-0f3d-4b6a-8c19-7e4d2b9a6f05"
             *     ]
             */
            tagIds?: string[];
            /**
             * @description Names of existing tags, matched case-insensitively (unknown names: 422; they do not create tags)
             * @example [
             *       "Fragile"
             *     ]
             */
            tagNames?: string[];
            /**
             * @description Opening quantity, 0 to 1000000000 with at most 4 decimals (default 0), recorded as an opening movement before the item is returned; non-zero needs trackStock true (422)
             * @example 25
             */
            quantity?: number;
            /**
             * Format: uuid
             * @description Where the opening quantity goes; default: the workspace default location (a malformed ID is a 400)
             * @example 9f1b7c3e-2d4a-4e8f-a6b5-1c0d3e2f4a5b
             */
            locationId?: string;
            /**
             * @description The serial numbers of the opening quantity's units, for an item whose tracking is serial (400 on another item, or without a quantity). The stock ledger decides them (one per unit, each new to the stock): its refusals are the answer. At most 5000 in one request, over every element of a bulk
             * @example [
             *       "WH-40-221873"
             *     ]
             */
            serials?: string[];
            /**
             * @description The lot of the opening quantity, for an item whose tracking is lot (400 on another item, or without a quantity); the stock ledger decides it
             * @example L2026-118
             */
            lot?: string;
            /**
             * Format: date
             * @description The lot's expiry date, with lot (400 on an item whose tracking is not lot, or without a quantity)
             * @example 2027-06-30
             */
            expiresOn?: string;
        };
        BulkCreateItems: components["schemas"]["CreateItem"][];
        UpdateItem: {
            /**
             * @description Required on create; 1 to 100 characters, unique per workspace case-insensitively (409 conflict)
             * @example WID-001
             */
            sku?: string;
            /**
             * @description Up to 2000 characters; default ""
             * @example Widget, blue, 10 cm
             */
            description?: string;
            /**
             * @description Your own identifier, unique per workspace (case-sensitive), 1 to 128 characters
             * @example erp-10042
             */
            externalId?: string | null;
            /**
             * @description >= 0; default 0. May be set without valuation.read, whose answer then shows null
             * @example 4.5
             */
            cost?: number;
            /**
             * @description >= 0; default 0
             * @example 9.99
             */
            sellPrice?: number;
            /**
             * Format: uuid
             * @description A supplier of the workspace (422 otherwise; a malformed ID is a 400); null unlinks
             * @example 0b9d3f52-6a1e-4c8b-9f27-3e5a7d1c4b60
             */
            supplierId?: string | null;
            /** @description Default true; false makes the item catalog-only */
            trackStock?: boolean;
            /**
             * @description How units are told apart: none (default), serial or lot. A catalog-only item (trackStock false) takes none only (422). On PATCH, a change is decided by the stock service: 409 while the item has stock on hand or reserved anywhere, or is on an open purchase-order line
             * @example none
             * @enum {string}
             */
            tracking?: "none" | "serial" | "lot";
            /**
             * @description 0 to 1000000; null uses the workspace default
             * @example 10
             */
            lowStockThreshold?: number | null;
            /**
             * Format: uuid
             * @deprecated
             * @description Deprecated; use tagIds. Joins the union of tags
             */
            tagId?: string;
            /**
             * @description IDs of tags of the workspace (unknown IDs: 422; malformed: 400)
             * @example [
             *       "5a2c8e71-0f3d-4b6a-8c19-7e4d2b9a6f05"
             *     ]
             */
            tagIds?: string[];
            /**
             * @description Names of existing tags, matched case-insensitively (unknown names: 422; they do not create tags)
             * @example [
             *       "Fragile"
             *     ]
             */
            tagNames?: string[];
        };
        /**
         * @description Without groupBy: the number of matching items, as a bare JSON number
         * @example 42
         */
        ItemCount: number;
        /** @description With groupBy=tagId: the count, and the count per tag */
        ItemCountByTag: {
            /**
             * @description Matching items, each counted once
             * @example 3
             */
            count: number;
            /** @description One group per tag carrying matching items (an item with several tags counts in each), ordered by tag name; the untagged group (tagId null) comes last; empty groups are left out */
            groups: components["schemas"]["ItemCountGroup"][];
        };
        ItemCountGroup: {
            /**
             * Format: uuid
             * @description null for the group of items without tags
             * @example 7c9e6679-7425-40de-944b-e07fc1f90ae7
             */
            tagId: string | null;
            /** @example 3 */
            count: number;
            /** @description Present with includeTags=true; null for the untagged group */
            tag?: {
                /**
                 * Format: uuid
                 * @example 7c9e6679-7425-40de-944b-e07fc1f90ae7
                 */
                id: string;
                /**
                 * @description 1 to 64 characters, unique per workspace case-insensitively
                 * @example Fragile
                 */
                name: string;
                /**
                 * @description As given on create: a CSS color name, #rgb or #rrggbb (default #9e9e9e)
                 * @example blue
                 */
                color: string;
            } | null;
        };
        CreateTag: {
            /**
             * @description Required; 1 to 64 characters, unique per workspace case-insensitively (409 conflict)
             * @example Fragile
             */
            name: string;
            /**
             * @description A CSS color name (any letter case, e.g. blue), #rgb or #rrggbb, returned exactly as given; default #9e9e9e
             * @example blue
             */
            color?: string;
        };
        CreateSupplier: {
            /**
             * @description Required; 1 to 128 characters, unique per workspace case-insensitively (409 conflict)
             * @example Acme Supplies
             */
            name: string;
            /**
             * Format: email
             * @description Optional e-mail address; default ""
             */
            email?: string;
            /**
             * @description Optional phone number; default ""
             * @example +1 555 0100
             */
            phone?: string;
        };
        /** @description A CSV import job. */
        Import: {
            /**
             * Format: uuid
             * @example 7c9e6679-7425-40de-944b-e07fc1f90ae7
             */
            id: string;
            /** @enum {string} */
            kind: "items" | "stock-counts" | "par-levels";
            /**
             * @description items: create (an existing SKU is a row error) or upsert (update by SKU); create for the other kinds
             * @enum {string}
             */
            mode: "create" | "upsert";
            dryRun: boolean;
            /**
             * @description queued → validating → applying → completed, or failed. A dry run ends completed after validating, listing every error; an import with any invalid row ends failed and applies nothing
             * @enum {string}
             */
            status: "queued" | "validating" | "applying" | "completed" | "failed";
            rows: {
                total: number;
                valid: number;
                invalid: number;
                /** @description All rows or none: the total once completed (0 for a dry run) */
                applied: number;
            };
            /** @description The first 100 errors by row; GET /imports/{id}/errors pages every one */
            errors: components["schemas"]["ImportError"][];
            errorCount: number;
            /** @description Why the whole import failed when no row is to blame (a plan limit, a change made meanwhile); null otherwise */
            failure: string | null;
            /**
             * Format: date-time
             * @example 2026-01-15T09:30:00.000Z
             */
            createdAt: string;
            /**
             * Format: date-time
             * @example 2026-01-15T09:30:00.000Z
             */
            completedAt: string | null;
            createdBy: {
                userId: string;
                keyId: string;
            };
        };
        ImportError: {
            /**
             * @description The row as a spreadsheet numbers it: the header is row 1, the first data row 2
             * @example 7
             */
            row: number;
            /**
             * @description The column to blame (as the file names it), null when it is the row as a whole
             * @example quantity
             */
            column: string | null;
            /**
             * @description What is wrong, e.g. invalid_number, unknown_location, sku_taken, duplicate_sku, unknown_column
             * @example invalid_number
             */
            code: string;
            /** @example quantity must be a number, not "ten". */
            message: string;
        };
        Location: {
            /**
             * Format: uuid
             * @example 7c9e6679-7425-40de-944b-e07fc1f90ae7
             */
            id: string;
            /**
             * @description 1 to 64 characters after trimming surrounding whitespace; unique in the workspace, case-insensitively
             * @example Main warehouse
             */
            name: string;
            /** @enum {string} */
            type: "warehouse" | "van" | "truck" | "site" | "other";
            active: boolean;
            /**
             * Format: date-time
             * @description ISO 8601 UTC with milliseconds
             * @example 2026-01-15T09:30:00.000Z
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
            /**
             * Format: uuid
             * @description The location this one is normally refilled from (a van's home warehouse, say); null when none. Set with POST /locations or PATCH /locations/{id}. It must name a live, active location of the workspace that the caller can read, not the location itself, and must not close a cycle (A refilled from B refilled from A, or a longer chain); otherwise 422. While any live location names a location here, deactivating or deleting that location answers 409 conflict. GET /inventory/replenishment proposes refills from it.
             * @example 7c9e6679-7425-40de-944b-e07fc1f90ae7
             */
            replenishFrom: string | null;
        };
        CreateLocation: {
            /**
             * @description 1 to 64 characters after trimming surrounding whitespace; unique in the workspace, case-insensitively
             * @example Van 7
             */
            name: string;
            /**
             * @description Defaults to the workspace's defaultLocationType
             * @example van
             * @enum {string}
             */
            type?: "warehouse" | "van" | "truck" | "site" | "other";
            /**
             * @description null means the default icon for the location type
             * @example van
             * @enum {string|null}
             */
            icon?: "warehouse" | "storefront" | "office" | "garage" | "job_site" | "van" | "truck" | "container" | "shelves" | "tools" | "home" | "map_pin" | null;
            /**
             * @description Default: "".
             * @example Ford Transit, plate KX-4411
             */
            note?: string;
            /**
             * @description Default: null.
             * @enum {string|null}
             */
            accessLevel?: "read" | "write" | null;
            /**
             * @description -90 to 90; null when not set. Default: null.
             * @example 52.52
             */
            latitude?: number | null;
            /**
             * @description -180 to 180; null when not set. Default: null.
             * @example 13.405
             */
            longitude?: number | null;
            /**
             * @description 25 to 10000 meters; null when not set. Default: null.
             * @example 150
             */
            geofenceRadiusM?: number | null;
            /**
             * Format: uuid
             * @description The location the new one is normally refilled from; null (the default) for none. It must name a live, active location of the workspace that the caller can read, not the location itself, and must not close a cycle (A refilled from B refilled from A, or a longer chain); otherwise 422. While any live location names a location here, deactivating or deleting that location answers 409 conflict.
             */
            replenishFrom?: string | null;
        };
        UpdateLocation: {
            /**
             * @description 1 to 64 characters after trimming surrounding whitespace; unique in the workspace, case-insensitively
             * @example Van 7
             */
            name?: string;
            /**
             * @example van
             * @enum {string}
             */
            type?: "warehouse" | "van" | "truck" | "site" | "other";
            /**
             * @description null means the default icon for the location type
             * @example van
             * @enum {string|null}
             */
            icon?: "warehouse" | "storefront" | "office" | "garage" | "job_site" | "van" | "truck" | "container" | "shelves" | "tools" | "home" | "map_pin" | null;
            /** @example Ford Transit, plate KX-4411 */
            note?: string;
            /** @enum {string|null} */
            accessLevel?: "read" | "write" | null;
            /**
             * @description -90 to 90; null when not set
             * @example 52.52
             */
            latitude?: number | null;
            /**
             * @description -180 to 180; null when not set
             * @example 13.405
             */
            longitude?: number | null;
            /**
             * @description 25 to 10000 meters; null when not set
             * @example 150
             */
            geofenceRadiusM?: number | null;
            active?: boolean;
            /**
             * Format: uuid
             * @description The location this one is normally refilled from, or null for none. It must name a live, active location of the workspace that the caller can read, not the location itself, and must not close a cycle (A refilled from B refilled from A, or a longer chain); otherwise 422. While any live location names a location here, deactivating or deleting that location answers 409 conflict.
             */
            replenishFrom?: string | null;
        };
        DeletedLocation: {
            /** @description ID of the deleted location */
            id: string;
        };
        /** @description On-hand quantity of one item at one location: the sum of its movements. */
        StockBalance: {
            /**
             * Format: uuid
             * @example 7c9e6679-7425-40de-944b-e07fc1f90ae7
             */
            itemId: string;
            /**
             * Format: uuid
             * @example 7c9e6679-7425-40de-944b-e07fc1f90ae7
             */
            locationId: string;
            /** @description The item as the catalog names it (id, sku, description) */
            item: {
                /**
                 * Format: uuid
                 * @example 7c9e6679-7425-40de-944b-e07fc1f90ae7
                 */
                id: string;
                sku: string;
                description: string;
            };
            /** @description The location as the locations service names it (id, name, type) */
            location: {
                /**
                 * Format: uuid
                 * @example 7c9e6679-7425-40de-944b-e07fc1f90ae7
                 */
                id: string;
                name: string;
                /** @enum {string} */
                type: "warehouse" | "van" | "truck" | "site" | "other";
            };
            /** @description Never below zero */
            onHand: number;
            /** @description Promised to pending transfers out of this location and to open jobs taking from it; still on hand here until they complete. Never above onHand */
            reserved: number;
            /** @description onHand − reserved: what may be moved, adjusted away, used by a job or reserved */
            available: number;
            /**
             * @description Open quantity of submitted purchase orders (ordered or partially received) arriving at this location; drafts are not counted
             * @example 0
             */
            onOrder: number;
            /**
             * @description The item's moving average cost over the workspace (the same at every location): its catalog cost until a receipt brought a cost (docs/purchasing.md); null when neither is known, and for a caller without valuation.read (costs are kept from it)
             * @example 5.6667
             */
            averageCost: number | null;
            /**
             * Format: date-time
             * @example 2026-01-15T09:30:00.000Z
             */
            updatedAt: string;
        };
        /** @description One immutable entry of the stock ledger. */
        StockMovement: {
            /**
             * Format: uuid
             * @example 7c9e6679-7425-40de-944b-e07fc1f90ae7
             */
            id: string;
            /**
             * Format: uuid
             * @example 7c9e6679-7425-40de-944b-e07fc1f90ae7
             */
            itemId: string;
            /**
             * Format: uuid
             * @example 7c9e6679-7425-40de-944b-e07fc1f90ae7
             */
            locationId: string;
            /** @description The item as the catalog names it (id, sku, description) */
            item: {
                /**
                 * Format: uuid
                 * @example 7c9e6679-7425-40de-944b-e07fc1f90ae7
                 */
                id: string;
                sku: string;
                description: string;
            };
            /** @description The location as the locations service names it (id, name, type) */
            location: {
                /**
                 * Format: uuid
                 * @example 7c9e6679-7425-40de-944b-e07fc1f90ae7
                 */
                id: string;
                name: string;
                /** @enum {string} */
                type: "warehouse" | "van" | "truck" | "site" | "other";
            };
            /** @enum {string} */
            type: "opening" | "receipt" | "adjustment" | "transfer_out" | "transfer_in";
            /** @description Signed change of on-hand: positive adds stock, negative removes it (0 only for a count that found the balance right) */
            quantity: number;
            /** @description On-hand of the item at the location right after this movement */
            balanceAfter: number;
            /**
             * Format: uuid
             * @description The member whose call caused the movement
             * @example 7c9e6679-7425-40de-944b-e07fc1f90ae7
             */
            userId: string;
            /**
             * Format: uuid
             * @description The transfer that moved the stock (transfer_out / transfer_in), else null
             * @example 7c9e6679-7425-40de-944b-e07fc1f90ae7
             */
            transferId: string | null;
            /**
             * Format: uuid
             * @description The job whose completion used the stock (reason job) or whose revert put it back (reason job_reverted), else null
             * @example 7c9e6679-7425-40de-944b-e07fc1f90ae7
             */
            jobId: string | null;
            /**
             * @description Why a receipt or adjustment changed the stock (count: a physical count; job / job_reverted: a job used it / its revert put it back); opening_cancelled on the movement that takes back an opening whose items were not created; null for openings and transfer movements
             * @enum {string|null}
             */
            reason: "received" | "returned" | "damaged" | "lost" | "stolen" | "expired" | "count" | "correction" | "other" | "job" | "job_reverted" | "opening_cancelled" | "receipt_reverted" | null;
            /** @description Free text such as a purchase order number; "" when none was given; a job's movements carry the job's id */
            reference: string;
            note: string;
            /**
             * @description The cost of one unit on this movement: a receipt's cost (its unitCost, or its purchase order line's), else the item's average cost at that moment (docs/purchasing.md); null on movements recorded before costs were, of an item whose cost was never known, and for a caller without valuation.read (costs are kept from it)
             * @example 5.25
             */
            unitCost: number | null;
            /**
             * Format: uuid
             * @description The purchase order a receipt movement received against, or whose receipt a receipt_reverted adjustment took back; else null
             * @example null
             */
            purchaseOrderId: string | null;
            /**
             * Format: uuid
             * @description The purchase order receipt of the movement (as purchaseOrderId); else null
             * @example null
             */
            receiptId: string | null;
            /**
             * @description The serials of the units the movement carried (a serial-tracked item's, one per unit); null otherwise
             * @example null
             */
            serials: string[] | null;
            /**
             * @description The lot the movement carried (a lot-tracked item's); null otherwise
             * @example null
             */
            lot: string | null;
            /**
             * @description On the movement of a receipt's revert (reason receipt_reverted): what the revert could not take back at the receipt's own cost, in the workspace's currency, rounded to cents (docs/purchasing.md): positive when the stock left kept more value than own-cost arithmetic would leave it. null on other movements
             * @example null
             */
            costVariance: number | null;
            /**
             * Format: date-time
             * @example 2026-01-15T09:30:00.000Z
             */
            createdAt: string;
        };
        RecordMovement: {
            /** @enum {string} */
            type: "receipt";
            /**
             * @description The serial numbers of the units on the line, one per unit: as many as its quantity (a whole number). Required on every line of a serial-tracked item that moves stock; refused (400) on other items. At most 5000 in one request
             * @example [
             *       "WH-40-221873"
             *     ]
             */
            serials?: string[];
            /**
             * @description The lot of a lot-tracked item's units on the line
             * @example L2026-118
             */
            lot?: string;
            /**
             * Format: uuid
             * @description A stock-tracked item of the workspace
             * @example 3d6f0a8e-5b21-4c7d-9e14-8a2b6c0f1d37
             */
            itemId: string;
            /**
             * Format: uuid
             * @description An existing location; adding stock needs it active and not being deleted
             * @example 9f1b7c3e-2d4a-4e8f-a6b5-1c0d3e2f4a5b
             */
            locationId: string;
            /**
             * @description Free text up to 100 characters, e.g. a purchase order number; default ""
             * @example PO-2026-0117
             */
            reference?: string;
            /**
             * @description Free text, up to 500 characters; default ""
             * @example For the Hendricks job on Monday
             */
            note?: string;
            /** @description Received quantity, > 0 and ≤ 1000000000, at most 4 decimals */
            quantity: number;
            /**
             * @description Why the stock changed: received, returned, damaged, lost, stolen, expired, count, correction, other; default received (job and job_reverted are written by jobs alone)
             * @enum {string}
             */
            reason?: "received" | "returned" | "damaged" | "lost" | "stolen" | "expired" | "count" | "correction" | "other";
            /**
             * Format: date
             * @description The lot's expiry date (YYYY-MM-DD): set by the lot's first receipt; another date later is a 422
             * @example 2027-06-30
             */
            expiresOn?: string;
            /**
             * @description What one unit cost: moves the item's moving average cost (docs/purchasing.md). Left out: the receipt carries the item's average cost and leaves it as it is
             * @example 5.25
             */
            unitCost?: number;
        } | {
            /** @enum {string} */
            type: "adjustment";
            /**
             * @description The serial numbers of the units on the line, one per unit: as many as its quantity (a whole number). Required on every line of a serial-tracked item that moves stock; refused (400) on other items. At most 5000 in one request
             * @example [
             *       "WH-40-221873"
             *     ]
             */
            serials?: string[];
            /**
             * @description The lot of a lot-tracked item's units on the line
             * @example L2026-118
             */
            lot?: string;
            /**
             * Format: uuid
             * @description A stock-tracked item of the workspace
             * @example 3d6f0a8e-5b21-4c7d-9e14-8a2b6c0f1d37
             */
            itemId: string;
            /**
             * Format: uuid
             * @description An existing location; adding stock needs it active and not being deleted
             * @example 9f1b7c3e-2d4a-4e8f-a6b5-1c0d3e2f4a5b
             */
            locationId: string;
            /**
             * @description Free text up to 100 characters, e.g. a purchase order number; default ""
             * @example PO-2026-0117
             */
            reference?: string;
            /**
             * @description Free text, up to 500 characters; default ""
             * @example For the Hendricks job on Monday
             */
            note?: string;
            /** @description Signed change of on-hand, not 0, |quantity| ≤ 1000000000, at most 4 decimals; it may not take more than is available (on-hand minus reserved) */
            quantity: number;
            /**
             * @description Why the stock changed: received, returned, damaged, lost, stolen, expired, count, correction, other; default correction (job and job_reverted are written by jobs alone)
             * @enum {string}
             */
            reason?: "received" | "returned" | "damaged" | "lost" | "stolen" | "expired" | "count" | "correction" | "other";
            /**
             * Format: date
             * @description The lot's expiry date (YYYY-MM-DD): set by the lot's first receipt; another date later is a 422
             * @example 2027-06-30
             */
            expiresOn?: string;
            /** @description Compare-and-set: adjust only if the balance's on-hand is exactly this when the adjustment is written; otherwise 409 conflict naming the current on-hand, and nothing changes */
            expectedOnHand?: number;
        } | {
            /** @enum {string} */
            type: "count";
            /**
             * @description The serial numbers of the units on the line, one per unit: as many as its quantity (a whole number). Required on every line of a serial-tracked item that moves stock; refused (400) on other items. At most 5000 in one request
             * @example [
             *       "WH-40-221873"
             *     ]
             */
            serials?: string[];
            /**
             * @description The lot of a lot-tracked item's units on the line
             * @example L2026-118
             */
            lot?: string;
            /**
             * Format: uuid
             * @description A stock-tracked item of the workspace
             * @example 3d6f0a8e-5b21-4c7d-9e14-8a2b6c0f1d37
             */
            itemId: string;
            /**
             * Format: uuid
             * @description An existing location; adding stock needs it active and not being deleted
             * @example 9f1b7c3e-2d4a-4e8f-a6b5-1c0d3e2f4a5b
             */
            locationId: string;
            /**
             * @description Free text up to 100 characters, e.g. a purchase order number; default ""
             * @example PO-2026-0117
             */
            reference?: string;
            /**
             * @description Free text, up to 500 characters; default ""
             * @example For the Hendricks job on Monday
             */
            note?: string;
            /**
             * Format: date
             * @description The lot's expiry date (YYYY-MM-DD): set by the lot's first receipt; another date later is a 422
             * @example 2027-06-30
             */
            expiresOn?: string;
            /** @description The counted on-hand, ≥ 0 and ≤ 1000000000, at most 4 decimals. Recorded as one adjustment of the difference with reason count (0 when the count confirms the balance); not below what is reserved */
            quantity: number;
        };
        /** @description A minimum of free stock (par level) of one item at one location, with the on-hand, reserved and available there now. */
        ParLevel: {
            /**
             * Format: uuid
             * @example 7c9e6679-7425-40de-944b-e07fc1f90ae7
             */
            itemId: string;
            /**
             * Format: uuid
             * @example 7c9e6679-7425-40de-944b-e07fc1f90ae7
             */
            locationId: string;
            /** @description The minimum free stock (available) wanted at the location */
            minimum: number;
            /** @description The free stock a replenishment refills it up to (≥ minimum; the minimum unless set) */
            target: number;
            /** @description On-hand of the item at the location now; 0 when stock has never been there */
            onHand: number;
            /** @description Of the on-hand, what pending transfers out of the location and open jobs there hold */
            reserved: number;
            /** @description Free stock: onHand − reserved, what may still be used or moved */
            available: number;
            /** @description available < minimum: free stock below the minimum, the rule replenishment refills by (stock promised to a job or a transfer does not count) */
            belowPar: boolean;
            /**
             * Format: date-time
             * @description When the minimum was last set
             * @example 2026-01-15T09:30:00.000Z
             */
            updatedAt: string;
        };
        SetParLevel: {
            /**
             * @description The minimum on-hand of the item at the location, ≥ 0 and ≤ 1000000000, at most 4 decimals (required). Below par means free stock (available = onHand − reserved) < minimum
             * @example 12
             */
            minimum: number;
            /**
             * @description The free stock a replenishment refills the location up to (counting what is already on its way), ≥ minimum and ≤ 1000000000, at most 4 decimals; default: the minimum. A PUT replaces both: leaving it out sets it to the minimum again
             * @example 20
             */
            target?: number;
        };
        /** @description One (item, location) whose free stock (onHand − reserved) is below its par level, what it needs to reach its target, and what its source can give. */
        ReplenishmentLine: {
            /**
             * Format: uuid
             * @example 7c9e6679-7425-40de-944b-e07fc1f90ae7
             */
            itemId: string;
            /** @description The item's SKU */
            sku: string;
            /**
             * Format: uuid
             * @description The location below its par level (the destination)
             * @example 7c9e6679-7425-40de-944b-e07fc1f90ae7
             */
            locationId: string;
            /**
             * Format: uuid
             * @description The location's replenishFrom: where it is refilled from; null when it has none (it is refilled from the item's supplier)
             * @example 7c9e6679-7425-40de-944b-e07fc1f90ae7
             */
            sourceLocationId: string | null;
            /**
             * Format: uuid
             * @description For a location without a source: the item's supplier, whom a run orders the need from on a draft purchase order; null when the line has a source, or the item has no supplier (then the whole need is shortfall)
             * @example null
             */
            supplierId: string | null;
            /** @description On-hand at the location now */
            onHand: number;
            /** @description What of it pending transfers out of the location and open jobs there hold: not there for the location's own use (onHand − reserved < minimum) */
            reserved: number;
            /** @description What pending transfers to the location carry of the item: already on its way, never proposed again */
            incoming: number;
            /** @description Open quantity of submitted purchase orders arriving at the location: never ordered again */
            onOrder: number;
            /** @description Open quantity of draft purchase orders arriving at the location: never ordered again */
            drafted: number;
            minimum: number;
            /** @description The par level target the refill aims at (≥ minimum) */
            target: number;
            /**
             * @description What this plan sends out of the location to the locations it refills (their lines name it as sourceLocationId)
             * @example 0
             */
            outgoing: number;
            /**
             * @description What the locations it refills still lack after this plan: counted in its own position, so it is refilled for them too (from its source, or ordered from the supplier)
             * @example 0
             */
            destinationsShort: number;
            /** @description When below par (onHand − reserved − outgoing − destinationsShort < minimum): target − (onHand − reserved − outgoing + incoming + onOrder + drafted − destinationsShort), never below 0; else 0 */
            needed: number;
            /** @description What the source can give of the item before this plan: its on-hand − what pending transfers reserve there − its own minimum for the item (when it has a par level), never below 0; shared by every line drawing on the same source (0 without a source) */
            availableAtSource: number;
            /** @description What a replenishment run moves from the source (at most needed; the lines of one source never add up to more than availableAtSource), or orders from the supplier (needed) */
            proposed: number;
            /** @description needed − proposed: what the source cannot give, or the whole need of an item without a source or supplier */
            shortfall: number;
            /**
             * @description Why the line is short (null when it is not): source_short (the source had less than needed; what it lacks counts in the source's own line), no_supplier (no source and no supplier to order from), purchase_orders_write_required (it would be ordered from the supplier, and the caller's key lacks purchase_orders.write: no order was drafted), source_not_writable (the caller may not take stock out of the source: ask someone with write access there to run it)
             * @example null
             * @enum {string|null}
             */
            reason: "source_short" | "no_supplier" | "purchase_orders_write_required" | "source_not_writable" | null;
            /**
             * @description The reason in words, naming what to do
             * @example null
             */
            message: string | null;
        };
        /** @description What a replenishment run created, and what it could not. */
        ReplenishmentRun: {
            /** @description The transfers created, one per (source, destination) pair with something proposed, ordered by destination then source; reason "replenishment" */
            transfers: components["schemas"]["Transfer"][];
            /** @description The draft purchase orders created for locations without a source, one per (supplier, location) with something proposed, each line at the item's last price paid (its latest receipt's cost, unless that receipt was reverted), else its catalog cost; origin replenishment. Only for a key with purchase_orders.write. Submit each to put it on order */
            purchaseOrders: components["schemas"]["PurchaseOrder"][];
            /** @description The lines the sources could not cover in full (shortfall > 0), those without a source or a supplier included */
            shortfalls: components["schemas"]["ReplenishmentLine"][];
        };
        /** @description A move of stock between two locations: completed at once, or pending (reserved at the source) until the destination completes or rejects it or the source cancels it. fromLocation / toLocation and each line item come from the stock service projections of locations and items. */
        Transfer: {
            /**
             * Format: uuid
             * @example 7c9e6679-7425-40de-944b-e07fc1f90ae7
             */
            id: string;
            /**
             * Format: uuid
             * @example 7c9e6679-7425-40de-944b-e07fc1f90ae7
             */
            fromLocationId: string;
            /**
             * Format: uuid
             * @example 7c9e6679-7425-40de-944b-e07fc1f90ae7
             */
            toLocationId: string;
            /** @enum {string} */
            status: "pending" | "completed" | "reverted" | "rejected" | "cancelled";
            note: string;
            /** @description Why it is what it is: "replenishment" from its creation for a transfer a replenishment run created (POST /inventory/replenishment); replaced by the reason the destination rejected or the source cancelled it with, when one was given; "" otherwise */
            reason: string;
            /**
             * @description What created it: manual (POST /inventory/transfers) or replenishment (POST /inventory/replenishment)
             * @enum {string}
             */
            origin: "manual" | "replenishment";
            lines: {
                /**
                 * Format: uuid
                 * @example 7c9e6679-7425-40de-944b-e07fc1f90ae7
                 */
                id: string;
                /**
                 * Format: uuid
                 * @example 7c9e6679-7425-40de-944b-e07fc1f90ae7
                 */
                itemId: string;
                quantity: number;
                note: string;
                item: {
                    /**
                     * Format: uuid
                     * @example 7c9e6679-7425-40de-944b-e07fc1f90ae7
                     */
                    id: string;
                    sku: string;
                    description: string;
                };
                /**
                 * @description A serial-tracked item's serials: those the line names (held while it is pending or open), or those it moved; null for other items, and for a line holding a quantity only until it moves
                 * @example null
                 */
                serials: string[] | null;
                /**
                 * @description A lot-tracked item's lot: the one the line names, or the one lot it moved; null otherwise (a line split over lots shows them in lots)
                 * @example null
                 */
                lot: string | null;
                /**
                 * @description A lot-tracked item's lots with their quantities, once the line names or moved them; null otherwise
                 * @example null
                 */
                lots: {
                    lot: string;
                    quantity: number;
                }[] | null;
            }[];
            /**
             * Format: date-time
             * @example 2026-01-15T09:30:00.000Z
             */
            createdAt: string;
            /** @description Who created the transfer; null only on transfers created before this field existed */
            createdBy: components["schemas"]["Actor"] | null;
            /**
             * Format: date-time
             * @description When the transfer was completed (its createdAt when it was created completed); null until then, and on transfers completed before this field existed
             * @example null
             */
            completedAt: string | null;
            /**
             * @description Who completed it (its creator when it was created completed); null until then, and on transfers completed before this field existed
             * @example null
             */
            completedBy: components["schemas"]["Actor"] | null;
            /**
             * Format: date-time
             * @description When the destination rejected it; null unless rejected, and on transfers rejected before this field existed
             * @example null
             */
            rejectedAt: string | null;
            /**
             * @description Who rejected it; null unless rejected, and on transfers rejected before this field existed
             * @example null
             */
            rejectedBy: components["schemas"]["Actor"] | null;
            /**
             * Format: date-time
             * @description When the source cancelled it; null unless cancelled, and on transfers cancelled before this field existed
             * @example null
             */
            cancelledAt: string | null;
            /**
             * @description Who cancelled it; null unless cancelled, and on transfers cancelled before this field existed
             * @example null
             */
            cancelledBy: components["schemas"]["Actor"] | null;
            /**
             * Format: date-time
             * @description When it was reverted; null unless reverted
             * @example null
             */
            revertedAt: string | null;
            /**
             * @description Who reverted it; null unless reverted, and on transfers reverted before this field existed
             * @example null
             */
            revertedBy: components["schemas"]["Actor"] | null;
            fromLocation: {
                /**
                 * Format: uuid
                 * @example 7c9e6679-7425-40de-944b-e07fc1f90ae7
                 */
                id: string;
                name: string;
                /** @enum {string} */
                type: "warehouse" | "van" | "truck" | "site" | "other";
            };
            toLocation: {
                /**
                 * Format: uuid
                 * @example 7c9e6679-7425-40de-944b-e07fc1f90ae7
                 */
                id: string;
                name: string;
                /** @enum {string} */
                type: "warehouse" | "van" | "truck" | "site" | "other";
            };
        };
        /** @description Who did something: the member and the API key of the call. */
        Actor: {
            /**
             * Format: uuid
             * @description The member who called
             * @example 7c9e6679-7425-40de-944b-e07fc1f90ae7
             */
            userId: string;
            /**
             * Format: uuid
             * @description The API key it called with (its id, never the key)
             * @example 7c9e6679-7425-40de-944b-e07fc1f90ae7
             */
            keyId: string;
        };
        /** @description An order of items from a supplier, received at one location in receipts. */
        PurchaseOrder: {
            /**
             * Format: uuid
             * @example 7c9e6679-7425-40de-944b-e07fc1f90ae7
             */
            id: string;
            /**
             * @description draft → ordered → partially_received → received; ordered or partially_received → closed; draft, or ordered with nothing received → cancelled
             * @enum {string}
             */
            status: "draft" | "ordered" | "partially_received" | "received" | "closed" | "cancelled";
            /**
             * Format: uuid
             * @example 7c9e6679-7425-40de-944b-e07fc1f90ae7
             */
            supplierId: string;
            /** @description The supplier as the catalog names it */
            supplier: {
                /**
                 * Format: uuid
                 * @example 7c9e6679-7425-40de-944b-e07fc1f90ae7
                 */
                id: string;
                name: string | null;
            };
            /**
             * Format: uuid
             * @description Where the goods arrive
             * @example 7c9e6679-7425-40de-944b-e07fc1f90ae7
             */
            locationId: string;
            /** @description The receiving location as the locations service names it */
            location: {
                /**
                 * Format: uuid
                 * @example 7c9e6679-7425-40de-944b-e07fc1f90ae7
                 */
                id: string;
                name: string | null;
                type: string | null;
            };
            reference: string;
            note: string;
            externalRef: string | null;
            /**
             * Format: date-time
             * @example 2026-01-15T09:30:00.000Z
             */
            expectedAt: string | null;
            /**
             * @description What created it: manual (POST /purchase-orders) or replenishment (POST /inventory/replenishment)
             * @enum {string}
             */
            origin: "manual" | "replenishment";
            /**
             * @description Σ ordered × unitCost, rounded to cents
             * @example 52.5
             */
            orderedValue: number;
            /**
             * @description Σ received × the cost each receipt took it in at, rounded to cents
             * @example 31.5
             */
            receivedValue: number;
            lines: {
                /**
                 * Format: uuid
                 * @example 7c9e6679-7425-40de-944b-e07fc1f90ae7
                 */
                itemId: string;
                /** @description The item as the stock service's copy names it now */
                item: {
                    /**
                     * Format: uuid
                     * @example 7c9e6679-7425-40de-944b-e07fc1f90ae7
                     */
                    id: string;
                    sku: string | null;
                    description: string | null;
                };
                /**
                 * @description Quantity ordered
                 * @example 10
                 */
                ordered: number;
                /**
                 * @description Quantity received so far (net of reverted receipts)
                 * @example 10
                 */
                received: number;
                /**
                 * @description ordered − received while the order is a draft or can still receive; 0 once it is received, closed or cancelled
                 * @example 10
                 */
                open: number;
                /**
                 * @description The agreed cost of one unit (the item's catalog cost unless given)
                 * @example 5.25
                 */
                unitCost: number;
            }[];
            /**
             * Format: date-time
             * @example 2026-01-15T09:30:00.000Z
             */
            createdAt: string;
            createdBy: components["schemas"]["Actor"];
            /**
             * Format: date-time
             * @example 2026-01-15T09:30:00.000Z
             */
            updatedAt: string;
            /**
             * Format: date-time
             * @example 2026-01-15T09:30:00.000Z
             */
            submittedAt: string | null;
            /**
             * Format: date-time
             * @description When its last line was fully received; null until then
             * @example 2026-01-15T09:30:00.000Z
             */
            receivedAt: string | null;
            /**
             * Format: date-time
             * @example 2026-01-15T09:30:00.000Z
             */
            closedAt: string | null;
            /**
             * Format: date-time
             * @example 2026-01-15T09:30:00.000Z
             */
            cancelledAt: string | null;
        };
        Replenish: {
            /** @description Only refill these locations (1 to 1000); default: every location below par the caller may refill */
            locationIds?: string[];
            /**
             * Format: uuid
             * @description Only the lines drawing on this source (the locations whose replenishFrom it is)
             */
            sourceLocationId?: string;
            /**
             * @description pending (default): each transfer reserves its lines at the source until the destination completes it; completed: the stock moves at once
             * @enum {string}
             */
            status?: "pending" | "completed";
        };
        /** @description The workspace's stock settings. */
        StockSettings: {
            /**
             * @description The low-stock threshold of items whose lowStockThreshold is null: low means 0 < on-hand ≤ it. 5 until the workspace sets another
             * @example 5
             */
            defaultLowStockThreshold: number;
        };
        UpdateStockSettings: {
            /**
             * @description 0 to 1000000, at most 4 decimals (required)
             * @example 10
             */
            defaultLowStockThreshold: number;
        };
        CreateTransfer: {
            /**
             * Format: uuid
             * @description Source location; default the workspace's defaultTransferFromLocationId (without either: 400 naming fromLocationId)
             * @example 9f1b7c3e-2d4a-4e8f-a6b5-1c0d3e2f4a5b
             */
            fromLocationId?: string;
            /**
             * Format: uuid
             * @description Destination location (required), different from the source
             * @example c4e8a2f1-7b3d-4a9e-8f60-2d5b1e7c9a34
             */
            toLocationId: string;
            /** @description 1 to 500 lines (required) */
            lines: {
                /**
                 * Format: uuid
                 * @description A stock-tracked item; each item at most once per transfer, unless its lines name different lots
                 * @example 3d6f0a8e-5b21-4c7d-9e14-8a2b6c0f1d37
                 */
                itemId: string;
                /** @description > 0 and ≤ 1000000000, at most 4 decimals */
                quantity: number;
                /**
                 * @description Free text, up to 500 characters; default ""
                 * @example For the Hendricks job on Monday
                 */
                note?: string;
                /**
                 * @description The serial numbers of the units on the line, one per unit: as many as its quantity (a whole number). Required on every line of a serial-tracked item that moves stock; refused (400) on other items. At most 5000 in one request
                 * @example [
                 *       "WH-40-221873"
                 *     ]
                 */
                serials?: string[];
                /**
                 * @description The lot of a lot-tracked item's units on the line
                 * @example L2026-118
                 */
                lot?: string;
            }[];
            /**
             * @description Free text, up to 500 characters; default ""
             * @example For the Hendricks job on Monday
             */
            note?: string;
            /**
             * @description completed (default): the stock moves at once. pending: nothing moves yet; the lines are reserved at the source until the destination completes or rejects the transfer or the source cancels it
             * @example completed
             * @enum {string}
             */
            status?: "pending" | "completed";
        };
        CompleteTransfer: {
            /** @description For each line of a serial- or lot-tracked item that did not name its units: its serials (as many as its quantity) or its lot (several entries of an item with different lots and quantities split it over lots). Lines that named theirs move them as named. Required when such a line exists (422 naming lines[i].serials or lines[i].lot) */
            lines?: {
                /**
                 * Format: uuid
                 * @description The item of a line of the transfer that named no serials or lot
                 */
                itemId: string;
                /**
                 * @description The serial numbers of the units on the line, one per unit: as many as its quantity (a whole number). Required on every line of a serial-tracked item that moves stock; refused (400) on other items. At most 5000 in one request
                 * @example [
                 *       "WH-40-221873"
                 *     ]
                 */
                serials?: string[];
                /**
                 * @description The lot of a lot-tracked item's units on the line
                 * @example L2026-118
                 */
                lot?: string;
                /** @description How much of the line this entry's lot covers, when the line is split over lots (the entries of a line add up to its quantity); default the line's quantity */
                quantity?: number;
            }[];
        };
        SettleTransfer: {
            /** @description Why, up to 500 characters; returned as the transfer's reason (default "") */
            reason?: string;
        };
        /** @description Materials for a job: planned per item and location, reserved there while the job is open, used when it completes (the rest is released), priced from the catalog at that moment, and reversible. */
        Job: {
            /**
             * Format: uuid
             * @example 7c9e6679-7425-40de-944b-e07fc1f90ae7
             */
            id: string;
            /**
             * @description Your own reference (a work order number), unique per workspace; GET /jobs/ext_{externalRef} addresses the job by it
             * @example WO-2026-0117
             */
            externalRef: string | null;
            /** @example Boiler service, 12 Elm St */
            name: string;
            /**
             * @description open → completed (→ reverted) or cancelled
             * @enum {string}
             */
            status: "open" | "completed" | "cancelled" | "reverted";
            /**
             * Format: uuid
             * @description Where its lines take stock from unless a line names another location (default: the workspace's defaultInvoiceSourceLocationId)
             * @example 7c9e6679-7425-40de-944b-e07fc1f90ae7
             */
            sourceLocationId: string | null;
            /**
             * Format: date-time
             * @example 2026-01-15T09:30:00.000Z
             */
            scheduledAt: string | null;
            note: string;
            /**
             * @description ISO 4217 code; default the workspace's defaultCurrency
             * @example USD
             */
            currency: string;
            /**
             * @description Markup from unit cost to unit price for items without a sell price; null: none. Default the workspace's defaultMarkupPercent
             * @example 25
             */
            markupPercent: number | null;
            /**
             * @description Default the workspace's defaultTaxPercent
             * @example 8.875
             */
            taxPercent: number;
            /** @description true: prices include the tax; false: it is added on top. Default the workspace's defaultTaxIncluded */
            taxIncluded: boolean;
            lines: {
                /**
                 * Format: uuid
                 * @example 7c9e6679-7425-40de-944b-e07fc1f90ae7
                 */
                id: string;
                /**
                 * Format: uuid
                 * @example 7c9e6679-7425-40de-944b-e07fc1f90ae7
                 */
                itemId: string;
                /** @description The item as the stock service's copy names it now; trackStock false: catalog-only, recorded and priced but never moves stock */
                item: {
                    /**
                     * Format: uuid
                     * @example 7c9e6679-7425-40de-944b-e07fc1f90ae7
                     */
                    id: string;
                    sku: string;
                    description: string;
                    trackStock: boolean;
                };
                /**
                 * Format: uuid
                 * @description Where the line takes stock from: its own location, else the job's source (null when neither is set: catalog-only lines)
                 * @example 7c9e6679-7425-40de-944b-e07fc1f90ae7
                 */
                locationId: string | null;
                /**
                 * @description The quantity planned
                 * @example 12.5
                 */
                planned: number;
                /**
                 * @description What the line holds at its location while the job is open (counted in the balance's reserved); 0 once the job is completed or cancelled
                 * @example 12.5
                 */
                reserved: number;
                /**
                 * @description What the job used, recorded when it completes; 0 before
                 * @example 12.5
                 */
                used: number;
                /** @description Counted in the totals; default true */
                billable: boolean;
                /**
                 * @description The item's average cost when the job completed (its catalog cost until a receipt brought a cost: docs/purchasing.md); null before, and for a caller without valuation.read (costs are kept from it)
                 * @example 12.5
                 */
                unitCost: number | null;
                /**
                 * @description The item's sell price when the job completed, when it has one (> 0); else the cost with the job's markup, rounded to cents; null before it completed
                 * @example 12.5
                 */
                unitPrice: number | null;
                note: string;
                /**
                 * @description A serial-tracked item's serials: those the line names (held while it is pending or open), or those it moved; null for other items, and for a line holding a quantity only until it moves
                 * @example null
                 */
                serials: string[] | null;
                /**
                 * @description A lot-tracked item's lot: the one the line names, or the one lot it moved; null otherwise (a line split over lots shows them in lots)
                 * @example null
                 */
                lot: string | null;
                /**
                 * @description A lot-tracked item's lots with their quantities, once the line names or moved them; null otherwise
                 * @example null
                 */
                lots: {
                    lot: string;
                    quantity: number;
                }[] | null;
            }[];
            /** @description Frozen when the job completes (a reverted job keeps them); null before, and for a cancelled job */
            totals: {
                /**
                 * @description Σ used × unitCost of the billable lines, each line rounded to cents; null for a caller without valuation.read
                 * @example 12.5
                 */
                cost: number | null;
                /**
                 * @description Σ used × unitPrice of the billable lines, each line rounded to cents
                 * @example 12.5
                 */
                price: number;
                /**
                 * @description taxPercent of the price, added on top, or the part of the price that is tax when taxIncluded; rounded to cents
                 * @example 12.5
                 */
                tax: number;
                /**
                 * @description price + tax, or price when taxIncluded
                 * @example 12.5
                 */
                total: number;
            } | null;
            /**
             * Format: date-time
             * @example 2026-01-15T09:30:00.000Z
             */
            createdAt: string;
            createdBy: components["schemas"]["Actor"];
            /**
             * Format: date-time
             * @description The last change of any kind: a PATCH, a reservation, a release, a transition
             * @example 2026-01-15T09:30:00.000Z
             */
            updatedAt: string;
            updatedBy: components["schemas"]["Actor"];
            /**
             * Format: date-time
             * @example null
             */
            completedAt: string | null;
            /**
             * @description Who completed it; null until then
             * @example null
             */
            completedBy: components["schemas"]["Actor"] | null;
            /**
             * Format: date-time
             * @example null
             */
            cancelledAt: string | null;
            /**
             * @description Who cancelled it; null unless cancelled
             * @example null
             */
            cancelledBy: components["schemas"]["Actor"] | null;
            /**
             * Format: date-time
             * @example null
             */
            revertedAt: string | null;
            /**
             * @description Who reverted it; null unless reverted
             * @example null
             */
            revertedBy: components["schemas"]["Actor"] | null;
        };
        CreateJob: {
            /**
             * @description 1 to 200 characters
             * @example Boiler service, 12 Elm St
             */
            name: string;
            /**
             * @description Your own reference, unique per workspace (409 when taken), 1 to 100 characters; GET /jobs/ext_{externalRef} finds the job by it
             * @example WO-2026-0117
             */
            externalRef?: string;
            /**
             * Format: uuid
             * @description Where the lines take stock from unless they name another location; default the workspace's defaultInvoiceSourceLocationId
             * @example 9f1b7c3e-2d4a-4e8f-a6b5-1c0d3e2f4a5b
             */
            sourceLocationId?: string;
            /**
             * Format: date-time
             * @description When the job is planned (ISO 8601); null: not scheduled
             * @example 2026-12-01T08:00:00Z
             */
            scheduledAt?: string | null;
            /** @description Up to 2,000 characters; default "" */
            note?: string;
            /**
             * @description ISO 4217 code; default the workspace's defaultCurrency
             * @example EUR
             */
            currency?: string;
            /**
             * @description 0 to 1000, null for none; default the workspace's defaultMarkupPercent
             * @example 25
             */
            markupPercent?: number | null;
            /**
             * @description 0 to 100; default the workspace's defaultTaxPercent
             * @example 8.875
             */
            taxPercent?: number;
            /** @description true: prices include the tax; default the workspace's defaultTaxIncluded */
            taxIncluded?: boolean;
            /** @description 0 to 500 lines; each item at most once per location. Default: []. */
            lines?: {
                /**
                 * Format: uuid
                 * @description An item of the workspace (catalog-only items are recorded and priced, but never move stock)
                 * @example 3d6f0a8e-5b21-4c7d-9e14-8a2b6c0f1d37
                 */
                itemId: string;
                /**
                 * @description Planned quantity, ≥ 0 and ≤ 1000000000, at most 4 decimals
                 * @example 2
                 */
                quantity: number;
                /**
                 * Format: uuid
                 * @description Where the line takes stock from; default the job's source (and such a line follows the source when it changes)
                 */
                locationId?: string;
                /** @description Counted in the totals; default true */
                billable?: boolean;
                /** @description Up to 500 characters; default "" */
                note?: string;
                /**
                 * @description A serial-tracked item's serials to hold for the job (as many as its quantity): reserved with the line, used on completion unless `used` names others. Without: a quantity is held, and completion names the serials
                 * @example [
                 *       "WH-40-221873"
                 *     ]
                 */
                serials?: string[];
                /**
                 * @description A lot-tracked item's lot to hold for the job; without: a quantity is held, and completion names the lot
                 * @example L2026-118
                 */
                lot?: string;
            }[];
            /** @description true: reserve every stocked line at its location now, all or nothing (as POST /jobs/{id}/reserve); default false */
            reserve?: boolean;
        };
        UpdateJob: {
            /**
             * @description 1 to 200 characters
             * @example Boiler service, 12 Elm St
             */
            name?: string;
            /**
             * @description Your own reference, unique per workspace (409 when taken), 1 to 100 characters; GET /jobs/ext_{externalRef} finds the job by it
             * @example WO-2026-0117
             */
            externalRef?: string | null;
            /**
             * Format: uuid
             * @description A new source: the lines that follow it move there, their reservations with them (all or nothing); null: none
             */
            sourceLocationId?: string | null;
            /**
             * Format: date-time
             * @description When the job is planned (ISO 8601); null: not scheduled
             * @example 2026-12-01T08:00:00Z
             */
            scheduledAt?: string | null;
            /** @description Up to 2,000 characters; default "" */
            note?: string;
            /**
             * @description ISO 4217 code; default the workspace's defaultCurrency
             * @example EUR
             */
            currency?: string;
            /**
             * @description 0 to 1000, null for none; default the workspace's defaultMarkupPercent
             * @example 25
             */
            markupPercent?: number | null;
            /**
             * @description 0 to 100; default the workspace's defaultTaxPercent
             * @example 8.875
             */
            taxPercent?: number;
            /** @description true: prices include the tax; default the workspace's defaultTaxIncluded */
            taxIncluded?: boolean;
            /** @description The whole new set of lines: a line naming the item and location of one before is that line (a reserved one keeps its reservation in step: reduced with it, or increased all or nothing); the others are new, and lines left out are removed (their reservations released) */
            lines?: {
                /**
                 * Format: uuid
                 * @description An item of the workspace (catalog-only items are recorded and priced, but never move stock)
                 * @example 3d6f0a8e-5b21-4c7d-9e14-8a2b6c0f1d37
                 */
                itemId: string;
                /**
                 * @description Planned quantity, ≥ 0 and ≤ 1000000000, at most 4 decimals
                 * @example 2
                 */
                quantity: number;
                /**
                 * Format: uuid
                 * @description Where the line takes stock from; default the job's source (and such a line follows the source when it changes)
                 */
                locationId?: string;
                /** @description Counted in the totals; default true */
                billable?: boolean;
                /** @description Up to 500 characters; default "" */
                note?: string;
                /**
                 * @description A serial-tracked item's serials to hold for the job (as many as its quantity): reserved with the line, used on completion unless `used` names others. Without: a quantity is held, and completion names the serials
                 * @example [
                 *       "WH-40-221873"
                 *     ]
                 */
                serials?: string[];
                /**
                 * @description A lot-tracked item's lot to hold for the job; without: a quantity is held, and completion names the lot
                 * @example L2026-118
                 */
                lot?: string;
            }[];
        };
        JobReservation: {
            job: components["schemas"]["Job"];
            /** @description The lines not reserved in full (only with partial=true; without it a shortage is a 422 and nothing is reserved) */
            shortages: components["schemas"]["JobShortage"][];
        };
        JobShortage: {
            /**
             * Format: uuid
             * @example 7c9e6679-7425-40de-944b-e07fc1f90ae7
             */
            lineId: string;
            /**
             * Format: uuid
             * @example 7c9e6679-7425-40de-944b-e07fc1f90ae7
             */
            itemId: string;
            sku: string;
            /**
             * Format: uuid
             * @example 7c9e6679-7425-40de-944b-e07fc1f90ae7
             */
            locationId: string;
            /**
             * @description What the line still needed (planned − reserved before the call)
             * @example 12.5
             */
            requested: number;
            /**
             * @description What was available there (on hand − reserved)
             * @example 12.5
             */
            available: number;
        };
        CompleteJob: {
            /** @description What the job used; a planned line not named used nothing; an item not planned is added as a billable line. Without it, every line used what it planned */
            used?: {
                /** Format: uuid */
                itemId: string;
                /**
                 * @description Used quantity, ≥ 0, at most 4 decimals
                 * @example 1
                 */
                quantity: number;
                /**
                 * Format: uuid
                 * @description Where it was taken from; default the item's line (its only one, else the one at the job's source), or the job's source for an item not planned
                 */
                locationId?: string;
                /**
                 * @description A serial-tracked item's serials used (as many as the quantity); required unless its line names them and used them all (422 naming used[i].serials)
                 * @example [
                 *       "WH-40-221873"
                 *     ]
                 */
                serials?: string[];
                /**
                 * @description A lot-tracked item's lot used; several entries of one line with different lots split it; required unless its line names it (422 naming used[i].lot)
                 * @example L2026-118
                 */
                lot?: string;
            }[];
        };
        CreatePurchaseOrder: {
            /**
             * Format: uuid
             * @description A supplier of the workspace (422 otherwise)
             * @example 0b9d3f52-6a1e-4c8b-9f27-3e5a7d1c4b60
             */
            supplierId: string;
            /**
             * Format: uuid
             * @description Where the goods arrive: an active location; default the workspace's defaultLocationId
             */
            locationId?: string;
            /**
             * @description Your reference (the supplier's order number), up to 100 characters; default ""
             * @example PO-2026-0042
             */
            reference?: string;
            /**
             * Format: date-time
             * @description When the goods are expected (ISO 8601); null: not said
             * @example 2026-12-03T08:00:00Z
             */
            expectedAt?: string | null;
            /** @description Up to 2,000 characters; default "" */
            note?: string;
            /**
             * @description Your own reference, unique per workspace (409 when taken); GET /purchase-orders/ext_{externalRef} finds the order by it
             * @example WO-2026-0117
             */
            externalRef?: string;
            /** @description 1 to 500 lines, each item once */
            lines: {
                /**
                 * Format: uuid
                 * @description A stock-tracked item of the workspace
                 * @example 3d6f0a8e-5b21-4c7d-9e14-8a2b6c0f1d37
                 */
                itemId: string;
                /**
                 * @description Quantity ordered: > 0 and ≤ 1000000000, at most 4 decimals
                 * @example 10
                 */
                quantity: number;
                /**
                 * @description The agreed cost of one unit; default the item's catalog cost
                 * @example 5.25
                 */
                unitCost?: number;
            }[];
        };
        UpdatePurchaseOrder: {
            /**
             * Format: uuid
             * @description A supplier of the workspace (422 otherwise)
             * @example 0b9d3f52-6a1e-4c8b-9f27-3e5a7d1c4b60
             */
            supplierId?: string;
            /**
             * Format: uuid
             * @description Where the goods arrive: an active location
             */
            locationId?: string;
            /**
             * @description Your reference (the supplier's order number), up to 100 characters; default ""
             * @example PO-2026-0042
             */
            reference?: string;
            /**
             * Format: date-time
             * @description When the goods are expected (ISO 8601); null: not said
             * @example 2026-12-03T08:00:00Z
             */
            expectedAt?: string | null;
            /** @description Up to 2,000 characters; default "" */
            note?: string;
            /**
             * @description Your own reference, unique per workspace; null clears it
             * @example WO-2026-0117
             */
            externalRef?: string | null;
            /** @description The whole new set of lines (1 to 500, each item once) */
            lines?: {
                /**
                 * Format: uuid
                 * @description A stock-tracked item of the workspace
                 * @example 3d6f0a8e-5b21-4c7d-9e14-8a2b6c0f1d37
                 */
                itemId: string;
                /**
                 * @description Quantity ordered: > 0 and ≤ 1000000000, at most 4 decimals
                 * @example 10
                 */
                quantity: number;
                /**
                 * @description The agreed cost of one unit; default the item's catalog cost
                 * @example 5.25
                 */
                unitCost?: number;
            }[];
        };
        /** @description No fields; the body may be left out */
        NoPurchaseOrderFields: Record<string, never>;
        /** @description Goods received against a purchase order: one receipt movement per line. */
        PurchaseOrderReceipt: {
            /**
             * Format: uuid
             * @example 7c9e6679-7425-40de-944b-e07fc1f90ae7
             */
            id: string;
            /**
             * Format: uuid
             * @example 7c9e6679-7425-40de-944b-e07fc1f90ae7
             */
            purchaseOrderId: string;
            lines: {
                /**
                 * Format: uuid
                 * @example 7c9e6679-7425-40de-944b-e07fc1f90ae7
                 */
                itemId: string;
                /** @example 10 */
                quantity: number;
                /**
                 * @description The cost it came in at
                 * @example 10
                 */
                unitCost: number;
                /**
                 * @description The order line's unit cost when it was received (null on receipts recorded before it was kept)
                 * @example 180
                 */
                orderedUnitCost: number | null;
                /**
                 * @description The serials it brought (a serial-tracked item's); null otherwise
                 * @example null
                 */
                serials: string[] | null;
                /**
                 * @description The lot it brought (a lot-tracked item's); null otherwise
                 * @example null
                 */
                lot: string | null;
                /**
                 * @description The expiry it gave its lot; null otherwise
                 * @example null
                 */
                expiresOn: string | null;
                /**
                 * @description (unitCost − orderedUnitCost) / orderedUnitCost × 100, to 2 decimals (negative below the order's price); null when the order line is at 0 or orderedUnitCost is null
                 * @example 0
                 */
                priceVariancePercent: number | null;
            }[];
            /**
             * @description One sentence per line whose unitCost is more than 25% above or below its order line's (a mistyped price moves the average cost of every unit on hand): the receipt is recorded, and the warning says how to undo it. Empty otherwise
             * @example []
             */
            warnings: string[];
            reference: string;
            note: string;
            /**
             * Format: date-time
             * @example 2026-01-15T09:30:00.000Z
             */
            createdAt: string;
            /**
             * Format: date-time
             * @description When a revert took it back; null otherwise
             * @example null
             */
            revertedAt: string | null;
            /**
             * @description Once reverted: what the revert could not take back at the receipt's own costs, rounded to cents (the sum of its movements' costVariance; docs/purchasing.md). 0 when everything was taken back at cost; null until reverted
             * @example null
             */
            costVariance: number | null;
        };
        ReceivePurchaseOrder: {
            /** @description 1 to 500 lines, each item once unless its lines name different lots */
            lines: {
                /**
                 * Format: uuid
                 * @description An item of the order; an item may be on several lines when their lots differ
                 * @example 3d6f0a8e-5b21-4c7d-9e14-8a2b6c0f1d37
                 */
                itemId: string;
                /**
                 * @description Quantity received: > 0, at most what is open on the order's line (422 otherwise), at most 4 decimals
                 * @example 10
                 */
                quantity: number;
                /**
                 * @description What one unit cost (the invoice's price); default the order line's unitCost
                 * @example 5.25
                 */
                unitCost?: number;
                /**
                 * @description A serial-tracked item's serials, one per unit received (required for such an item; 400 for others)
                 * @example [
                 *       "WH-40-221873"
                 *     ]
                 */
                serials?: string[];
                /**
                 * @description A lot-tracked item's lot (required for such an item; 400 for others)
                 * @example L2026-118
                 */
                lot?: string;
                /**
                 * Format: date
                 * @description The lot's expiry date, with lot (400 without one)
                 * @example 2027-06-30
                 */
                expiresOn?: string;
            }[];
            /**
             * @description Your reference (the delivery note), up to 100 characters; on each movement; default the order's reference
             * @example PO-2026-0042
             */
            reference?: string;
            /** @description Up to 2,000 characters; default "" */
            note?: string;
        };
        /** @description Stock on hand at its average cost, now or at an instant (docs/valuation.md). */
        Valuation: {
            /** @description Balances with stock (onHand ≠ 0), by itemId then locationId */
            rows: components["schemas"]["ValuationRow"][];
            /** @description Sums over the rows */
            totals: {
                /**
                 * @description Sum of the rows' onHand
                 * @example 12
                 */
                onHand: number;
                /**
                 * @description Sum of the rows' values (each already rounded to cents); rows of unknown cost add nothing
                 * @example 68
                 */
                value: number;
            };
        };
        /** @description The value of one item at one location. */
        ValuationRow: {
            /**
             * Format: uuid
             * @example 7c9e6679-7425-40de-944b-e07fc1f90ae7
             */
            itemId: string;
            /** @description The item as the stock service's copy names it ("" until the copy knows it) */
            item: {
                /**
                 * Format: uuid
                 * @example 7c9e6679-7425-40de-944b-e07fc1f90ae7
                 */
                id: string;
                sku: string;
                description: string;
            };
            /**
             * Format: uuid
             * @example 7c9e6679-7425-40de-944b-e07fc1f90ae7
             */
            locationId: string;
            /** @description The location as the stock service's copy names it */
            location: {
                /**
                 * Format: uuid
                 * @example 7c9e6679-7425-40de-944b-e07fc1f90ae7
                 */
                id: string;
                name: string;
            };
            /**
             * @description On-hand now, or at asOf (the balance after its last movement created at or before asOf)
             * @example 12
             */
            onHand: number;
            /**
             * @description The item's average cost in force (now, or the last change at or before asOf), else its catalog cost; null when neither is known
             * @example 5.666667
             */
            averageCost: number | null;
            /**
             * @description onHand × averageCost rounded to cents, half up; null when averageCost is
             * @example 68
             */
            value: number | null;
        };
        /** @description A correction of an item's average cost, recorded with the cost changes. */
        Revaluation: {
            /**
             * Format: uuid
             * @example 7c9e6679-7425-40de-944b-e07fc1f90ae7
             */
            id: string;
            /**
             * Format: uuid
             * @example 7c9e6679-7425-40de-944b-e07fc1f90ae7
             */
            itemId: string;
            /**
             * @description The item's average cost before (its catalog cost when none had been set by a receipt); null when neither was known
             * @example 888
             */
            averageCostBefore: number | null;
            /**
             * @description The average cost set
             * @example 180
             */
            averageCost: number;
            /**
             * @description The item's on-hand over the workspace when it was revalued
             * @example 4
             */
            onHand: number;
            /**
             * @description onHand × (averageCost − averageCostBefore), rounded to cents (negative when the stock is worth less)
             * @example -2832
             */
            valueChange: number;
            reason: string;
            note: string;
            /**
             * Format: date-time
             * @example 2026-01-15T09:30:00.000Z
             */
            createdAt: string;
            createdBy: components["schemas"]["Actor"];
        };
        Revalue: {
            /**
             * Format: uuid
             * @description A stock-tracked item of the workspace (422 otherwise)
             * @example 3d6f0a8e-5b21-4c7d-9e14-8a2b6c0f1d37
             */
            itemId: string;
            /**
             * @description The average cost one unit of the item is valued at from now on: ≥ 0, at most 6 decimals
             * @example 180
             */
            averageCost: number;
            /**
             * @description Why (1 to 200 characters), kept with the revaluation
             * @example Receipt keyed at 1950 instead of 180
             */
            reason: string;
            /** @description Up to 2,000 characters; default "" */
            note?: string;
        };
        /** @description One unit of a serial-tracked item: where it is, or where it went. */
        Serial: {
            /**
             * Format: uuid
             * @example 7c9e6679-7425-40de-944b-e07fc1f90ae7
             */
            itemId: string;
            /** @description The item's SKU as the stock service's copy holds it */
            sku: string;
            /**
             * @description The serial as it was first received
             * @example WH-40-221873
             */
            serial: string;
            /**
             * @description in_stock (at locationId), used (on jobId), written_off (an adjustment or a count took it out) or returned (its receipt was reverted); a serial that comes back is in_stock again, with its history
             * @enum {string}
             */
            status: "in_stock" | "used" | "written_off" | "returned";
            /**
             * Format: uuid
             * @description Where it is (in_stock), else where it last was
             * @example 7c9e6679-7425-40de-944b-e07fc1f90ae7
             */
            locationId: string;
            locationName: string | null;
            /**
             * Format: uuid
             * @description The job that used it (status used); null otherwise
             * @example null
             */
            jobId: string | null;
            /**
             * Format: uuid
             * @description The pending transfer or open job that holds it (it named the serial); null when free
             * @example null
             */
            heldBy: string | null;
            /**
             * Format: date-time
             * @description When it was first received
             * @example 2026-01-15T09:30:00.000Z
             */
            receivedAt: string;
            /**
             * Format: date-time
             * @example 2026-01-15T09:30:00.000Z
             */
            lastMovedAt: string;
        };
        /** @description What of one lot of an item is at one location. */
        Lot: {
            /**
             * Format: uuid
             * @example 7c9e6679-7425-40de-944b-e07fc1f90ae7
             */
            itemId: string;
            sku: string;
            /**
             * @description The lot as it was first received
             * @example L2026-118
             */
            lot: string;
            /**
             * Format: uuid
             * @example 7c9e6679-7425-40de-944b-e07fc1f90ae7
             */
            locationId: string;
            locationName: string | null;
            /**
             * @description Of this lot at the location
             * @example 12
             */
            onHand: number;
            /**
             * @description Of it held for pending transfers and open jobs that named the lot
             * @example 0
             */
            reserved: number;
            /**
             * @description The lot’s expiry (YYYY-MM-DD), as its first receipt with one set it; null when none was given
             * @example 2027-06-30
             */
            expiresOn: string | null;
        };
        WebhookEndpointWithSecret: components["schemas"]["WebhookEndpoint"] & {
            /**
             * @description The signing secret (whsec_ + base64): shown once, here. Verify each delivery with it (Standard Webhooks).
             * @example whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw
             */
            secret: string;
        };
        WebhookEndpoint: {
            /**
             * Format: uuid
             * @example 7c9e6679-7425-40de-944b-e07fc1f90ae7
             */
            id: string;
            /** @example https://hooks.example.com/inventory */
            url: string;
            /**
             * @example [
             *       "transfer.*",
             *       "stock.below_par"
             *     ]
             */
            events: string[];
            description: string;
            enabled: boolean;
            /**
             * @description Why the endpoint was disabled: by its receiver (410 Gone), by 5 days of failed attempts, or null (enabled, or paused through the API)
             * @example null
             */
            disabledReason: string | null;
            /**
             * Format: date-time
             * @example 2026-01-15T09:30:00.000Z
             */
            createdAt: string;
            /**
             * Format: date-time
             * @example 2026-01-15T09:30:00.000Z
             */
            updatedAt: string;
        };
        RotatedWebhookSecret: {
            /**
             * @description The new signing secret, shown once
             * @example whsec_C2FVsBQIhrscChlQIMV+b5sSYspob7oD
             */
            secret: string;
            /**
             * Format: date-time
             * @description Until then every delivery is signed with both the new and the old secret (two signatures in webhook-signature)
             * @example 2026-01-15T09:30:00.000Z
             */
            previousSecretExpiresAt: string;
        };
        WebhookDelivery: {
            /**
             * Format: uuid
             * @description The message id: the webhook-id header of every attempt, the same on each retry
             * @example 7c9e6679-7425-40de-944b-e07fc1f90ae7
             */
            id: string;
            /**
             * Format: uuid
             * @example 7c9e6679-7425-40de-944b-e07fc1f90ae7
             */
            eventId: string;
            /** @example transfer.completed */
            eventType: string;
            /**
             * @description pending (an attempt is due or under way), succeeded (a 2xx came), failed (every attempt of the schedule failed)
             * @enum {string}
             */
            status: "pending" | "succeeded" | "failed";
            attemptCount: number;
            /**
             * Format: date-time
             * @description When the next attempt is due; null once succeeded or failed
             * @example 2026-01-15T09:30:00.000Z
             */
            nextAttemptAt: string | null;
            /**
             * Format: date-time
             * @example 2026-01-15T09:30:00.000Z
             */
            createdAt: string;
            /**
             * Format: date-time
             * @example 2026-01-15T09:30:00.000Z
             */
            finishedAt: string | null;
            /** @description The latest 20 attempts, newest first */
            attempts: {
                /**
                 * Format: date-time
                 * @example 2026-01-15T09:30:00.000Z
                 */
                attemptedAt: string;
                /**
                 * @description The status the endpoint answered; null when no answer came (refused address, network error, timeout)
                 * @example 200
                 */
                statusCode: number | null;
                durationMs: number;
                /**
                 * @description Why the attempt failed; null when it succeeded
                 * @example null
                 */
                error: string | null;
                /**
                 * @description The first 2 KB of the response body
                 * @example ok
                 */
                response: string;
            }[];
        };
        WebhookEvent: {
            /**
             * Format: uuid
             * @description The event id: the same in every delivery of this event, to every endpoint
             * @example 7c9e6679-7425-40de-944b-e07fc1f90ae7
             */
            id: string;
            /** @enum {string} */
            type: "transfer.pending" | "transfer.completed" | "transfer.rejected" | "transfer.cancelled" | "transfer.reverted" | "stock.changed" | "stock.below_par" | "stock.par_restored" | "item.created" | "item.updated" | "item.deleted" | "item.stock_low" | "item.stock_out" | "item.stock_ok" | "location.created" | "location.updated" | "location.deleted" | "import.completed" | "import.failed" | "job.completed" | "job.cancelled" | "job.reverted" | "purchase_order.submitted" | "purchase_order.received" | "purchase_order.closed" | "purchase_order.cancelled" | "purchase_order.receipt_reverted" | "webhook.test";
            /**
             * Format: date-time
             * @description When the change was committed
             * @example 2026-01-15T09:30:00.000Z
             */
            occurredAt: string;
            workspaceId: string;
            actor: components["schemas"]["WebhookEventActor"];
            /** @description The resource as the REST API returns it (see each event) */
            data?: unknown;
        };
        WebhookEventActor: {
            /**
             * @description The user whose API key made the change; null when the system did (healing interrupted work)
             * @example 0191c1a0-5f2e-7cc2-9b1e-3f4a5b6c7d8e
             */
            userId: string | null;
            /**
             * @description The API key it used (its id, never the key); null when the system did
             * @example 0191c1a0-6a1b-7d3c-8e4f-5a6b7c8d9e0f
             */
            keyId: string | null;
        };
        StockChangedEventData: {
            /**
             * Format: uuid
             * @example 7c9e6679-7425-40de-944b-e07fc1f90ae7
             */
            itemId: string;
            /**
             * Format: uuid
             * @example 7c9e6679-7425-40de-944b-e07fc1f90ae7
             */
            locationId: string;
            /**
             * @description On hand at the location before the transaction
             * @example 12
             */
            onHandBefore: number;
            /**
             * @description On hand at the location after it
             * @example 12
             */
            onHandAfter: number;
            /**
             * @description onHandAfter - onHandBefore
             * @example 12
             */
            delta: number;
            /**
             * @description The kind of movement that changed it: opening, receipt, adjustment, transfer_out, transfer_in, ...
             * @example receipt
             */
            movementType: string;
            /** @description The balance's version: grows with every change of it, so a receiver can drop a stale event */
            version: number;
            /**
             * @description The serials the movement carried (a serial-tracked item's); null otherwise
             * @example null
             */
            serials: string[] | null;
            /**
             * @description The lot the movement carried (a lot-tracked item's); null otherwise
             * @example null
             */
            lot: string | null;
        };
        ParAlertEventData: {
            item: {
                /**
                 * Format: uuid
                 * @example 7c9e6679-7425-40de-944b-e07fc1f90ae7
                 */
                id: string;
                /** @example WID-001 */
                sku: string;
                /** @example Widget */
                description: string;
            };
            location: {
                /**
                 * Format: uuid
                 * @example 7c9e6679-7425-40de-944b-e07fc1f90ae7
                 */
                id: string;
                /** @example Van 7 */
                name: string;
                /** @example van */
                type: string;
            };
            /** @example 12 */
            onHand: number;
            /**
             * @description Free stock: onHand minus what pending transfers and open jobs hold there
             * @example 12
             */
            available: number;
            /**
             * @description The par level: below par when available < minimum (free stock, the rule replenishment refills by)
             * @example 12
             */
            minimum: number;
            /**
             * @description The on-hand a replenishment refills it up to (≥ minimum)
             * @example 12
             */
            target: number;
        };
        ItemStockAlertEventData: {
            item: {
                /**
                 * Format: uuid
                 * @example 7c9e6679-7425-40de-944b-e07fc1f90ae7
                 */
                id: string;
                /** @example WID-001 */
                sku: string;
                /** @example Widget */
                description: string;
            };
            /**
             * @description out: on hand ≤ 0; low: 0 < on hand ≤ threshold; ok: above it
             * @enum {string}
             */
            health: "out" | "low" | "ok";
            /**
             * @description On hand over every location
             * @example 12
             */
            onHand: number;
            /**
             * @description The item's lowStockThreshold, else the workspace default
             * @example 12
             */
            threshold: number;
        };
        WebhookTestEventData: {
            /**
             * Format: uuid
             * @example 7c9e6679-7425-40de-944b-e07fc1f90ae7
             */
            webhookId: string;
            /** @example This is a test event sent from the Inventory API. */
            message: string;
        };
        /** @description The purchase order as GET /purchase-orders/{id} answers it after the receipt, with the receipt in `receipt`. */
        PurchaseOrderReceivedEventData: components["schemas"]["PurchaseOrder"] & {
            /** @description The receipt this event is about, with its lines */
            receipt: components["schemas"]["PurchaseOrderReceipt"];
        };
        /** @description The purchase order as GET /purchase-orders/{id} answers it after the revert, with the reverted receipt in `receipt`. */
        PurchaseOrderReceiptRevertedEventData: components["schemas"]["PurchaseOrder"] & {
            /** @description The receipt taken back, with revertedAt and costVariance */
            receipt: components["schemas"]["PurchaseOrderReceipt"];
        };
    };
    responses: {
        /** @description bad_request: malformed or invalid request; the message names each offending field */
        BadRequest: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "error": {
                 *         "code": "bad_request",
                 *         "message": "name must not be empty.",
                 *         "param": "name",
                 *         "doc_url": "/docs#section/Errors/bad_request"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description unauthorized: invalid or missing API key */
        Unauthorized: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "error": {
                 *         "code": "unauthorized",
                 *         "message": "A valid API key is required: send \"Authorization: Bearer <key>\".",
                 *         "doc_url": "/docs#section/Errors/unauthorized"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description forbidden (scope, role or location access) or exceeded_limit (plan limit) */
        Forbidden: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "error": {
                 *         "code": "forbidden",
                 *         "message": "This call requires the items.write scope; the key or the member's viewer role does not grant it.",
                 *         "doc_url": "/docs#section/Errors/forbidden"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description not_found: no such resource in the workspace, or not visible to the member */
        NotFound: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "error": {
                 *         "code": "not_found",
                 *         "message": "Item not found.",
                 *         "doc_url": "/docs#section/Errors/not_found"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description conflict: taken name or SKU, wrong state, or an Idempotency-Key reused with another body */
        Conflict: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "error": {
                 *         "code": "conflict",
                 *         "message": "An item with SKU \"WID-001\" already exists.",
                 *         "doc_url": "/docs#section/Errors/conflict"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description unprocessable_entity: well-formed but refers to something unusable (unknown tag, inactive location, too little stock) */
        UnprocessableEntity: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "error": {
                 *         "code": "unprocessable_entity",
                 *         "message": "Unknown tag IDs: 7c9e6679-7425-40de-944b-e07fc1f90ae7.",
                 *         "doc_url": "/docs#section/Errors/unprocessable_entity"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description rate_limit_exceeded, retryable: the key's rate limit (X-RateLimit-Remaining 0), or the API past its capacity, in contention, briefly without a dependency, or out of the call's 10 s deadline (see Overload). Its message ends with what is known of the outcome: nothing was changed, or it may have been done (the call had reached a process that could commit it). Either way wait Retry-After seconds and send the same request again, a POST with the same Idempotency-Key, which is safe */
        TooManyRequests: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                "Retry-After": components["headers"]["Retry-After"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "error": {
                 *         "code": "rate_limit_exceeded",
                 *         "message": "The API is past its capacity right now; nothing was changed. Retry in 1 s.",
                 *         "doc_url": "/docs#section/Errors/rate_limit_exceeded"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description internal_server_error: quote X-Request-Id when reporting it */
        InternalServerError: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "error": {
                 *         "code": "internal_server_error",
                 *         "message": "Something went wrong on our side; quote the request ID when reporting it.",
                 *         "doc_url": "/docs#section/Errors/internal_server_error"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["Error"];
            };
        };
    };
    parameters: never;
    requestBodies: never;
    headers: {
        /** @description The request ID: the X-Request-Id the request carried (1 to 128 of A-Z a-z 0-9 . _ : -) or a generated UUID. Quote it when reporting a problem. */
        "X-Request-Id": string;
        /** @description Calls allowed per minute for this key (per address for calls without a valid key). */
        "X-RateLimit-Limit": number;
        /** @description Calls left in the current one-minute window. */
        "X-RateLimit-Remaining": number;
        /** @description When a call is next freed in the window, as Unix time in seconds. */
        "X-RateLimit-Reset": number;
        /** @description Seconds to wait before the next call is admitted. */
        "Retry-After": number;
        /** @description Number of rows matching the filters, across all pages: exact, and present only when at most 10,000 rows match and the request has no cursor. */
        "X-Total-Count": number;
        /** @description Link: <…>; rel="next" whenever a next page exists, on page and cursor requests alike: the same path and query with workspaceId, page removed and cursor set. */
        Link: string;
        /** @description true when this is the stored answer of an earlier request with the same Idempotency-Key; absent otherwise. */
        "Idempotent-Replayed": "true";
        /** @description The path of what the request created, to follow with GET. */
        Location: string;
    };
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    getApiIndex: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Where to read on */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "name": "Inventory Management API",
                     *       "version": "0.0.1",
                     *       "docs": "/docs",
                     *       "openapi": "/openapi.json",
                     *       "authentication": "Every other call sends \"Authorization: Bearer <key>\". An operator creates a workspace with its owner's key: npm run -s admin -- workspace:create --name N --owner-email E --plan pro (or npm run demo, for one with sample data)."
                     *     }
                     */
                    "application/json": components["schemas"]["ApiIndex"];
                };
            };
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    getWorkspace: {
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
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *       "name": "Acme Inc.",
                     *       "slug": "acme",
                     *       "logo": "text",
                     *       "usage": 1,
                     *       "usageLimit": 1,
                     *       "itemsUsage": 1,
                     *       "itemsLimit": 1,
                     *       "suppliersUsage": 1,
                     *       "suppliersLimit": 1,
                     *       "locationsUsage": 1,
                     *       "locationsLimit": 1,
                     *       "tagsLimit": 1,
                     *       "usersLimit": 1,
                     *       "defaultLocationId": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *       "defaultCurrency": "USD",
                     *       "invoiceNumberPrefix": "INV-",
                     *       "defaultTaxPercent": 1,
                     *       "defaultTaxIncluded": true,
                     *       "defaultInvoiceDueDays": 1,
                     *       "invoicingBusinessName": "text",
                     *       "invoicingBrandColor": "text",
                     *       "invoicingEmail": "text",
                     *       "invoicingAddress": "text",
                     *       "defaultInvoiceSourceLocationId": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *       "defaultTransferFromLocationId": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *       "defaultLocationType": "warehouse",
                     *       "defaultMarkupPercent": 1,
                     *       "plan": "free",
                     *       "billingProviderId": "text",
                     *       "billingCycleStart": 1,
                     *       "createdAt": "2026-01-15T09:30:00.000Z",
                     *       "trialEndsAt": "2026-01-15T09:30:00.000Z",
                     *       "users": [
                     *         {
                     *           "id": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *           "email": "orders@acme.example",
                     *           "role": "owner"
                     *         }
                     *       ],
                     *       "inviteCode": "text",
                     *       "ssoEmailDomain": "text",
                     *       "ssoEnforcedAt": "2026-01-15T09:30:00.000Z",
                     *       "locationAccess": {
                     *         "restricted": true,
                     *         "locations": [
                     *           {
                     *             "locationId": "text",
                     *             "accessLevel": "read"
                     *           }
                     *         ]
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Workspace"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    updateWorkspace: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Workspace ID or slug */
                idOrSlug: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "defaultInvoiceSourceLocationId": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                 *       "defaultTransferFromLocationId": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                 *       "defaultMarkupPercent": 1,
                 *       "defaultTaxPercent": 1,
                 *       "defaultTaxIncluded": true,
                 *       "defaultCurrency": "EUR"
                 *     }
                 */
                "application/json": components["schemas"]["UpdateWorkspace"];
            };
        };
        responses: {
            /** @description The workspace */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *       "name": "Acme Inc.",
                     *       "slug": "acme",
                     *       "logo": "text",
                     *       "usage": 1,
                     *       "usageLimit": 1,
                     *       "itemsUsage": 1,
                     *       "itemsLimit": 1,
                     *       "suppliersUsage": 1,
                     *       "suppliersLimit": 1,
                     *       "locationsUsage": 1,
                     *       "locationsLimit": 1,
                     *       "tagsLimit": 1,
                     *       "usersLimit": 1,
                     *       "defaultLocationId": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *       "defaultCurrency": "USD",
                     *       "invoiceNumberPrefix": "INV-",
                     *       "defaultTaxPercent": 1,
                     *       "defaultTaxIncluded": true,
                     *       "defaultInvoiceDueDays": 1,
                     *       "invoicingBusinessName": "text",
                     *       "invoicingBrandColor": "text",
                     *       "invoicingEmail": "text",
                     *       "invoicingAddress": "text",
                     *       "defaultInvoiceSourceLocationId": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *       "defaultTransferFromLocationId": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *       "defaultLocationType": "warehouse",
                     *       "defaultMarkupPercent": 1,
                     *       "plan": "free",
                     *       "billingProviderId": "text",
                     *       "billingCycleStart": 1,
                     *       "createdAt": "2026-01-15T09:30:00.000Z",
                     *       "trialEndsAt": "2026-01-15T09:30:00.000Z",
                     *       "users": [
                     *         {
                     *           "id": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *           "email": "orders@acme.example",
                     *           "role": "owner"
                     *         }
                     *       ],
                     *       "inviteCode": "text",
                     *       "ssoEmailDomain": "text",
                     *       "ssoEnforcedAt": "2026-01-15T09:30:00.000Z",
                     *       "locationAccess": {
                     *         "restricted": true,
                     *         "locations": [
                     *           {
                     *             "locationId": "text",
                     *             "accessLevel": "read"
                     *           }
                     *         ]
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Workspace"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    listWorkspaces: {
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
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "id": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *         "name": "Acme Inc.",
                     *         "slug": "acme",
                     *         "logo": "text",
                     *         "usage": 1,
                     *         "usageLimit": 1,
                     *         "itemsUsage": 1,
                     *         "itemsLimit": 1,
                     *         "suppliersUsage": 1,
                     *         "suppliersLimit": 1,
                     *         "locationsUsage": 1,
                     *         "locationsLimit": 1,
                     *         "tagsLimit": 1,
                     *         "usersLimit": 1,
                     *         "defaultLocationId": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *         "defaultCurrency": "USD",
                     *         "invoiceNumberPrefix": "INV-",
                     *         "defaultTaxPercent": 1,
                     *         "defaultTaxIncluded": true,
                     *         "defaultInvoiceDueDays": 1,
                     *         "invoicingBusinessName": "text",
                     *         "invoicingBrandColor": "text",
                     *         "invoicingEmail": "text",
                     *         "invoicingAddress": "text",
                     *         "defaultInvoiceSourceLocationId": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *         "defaultTransferFromLocationId": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *         "defaultLocationType": "warehouse",
                     *         "defaultMarkupPercent": 1,
                     *         "plan": "free",
                     *         "billingProviderId": "text",
                     *         "billingCycleStart": 1,
                     *         "createdAt": "2026-01-15T09:30:00.000Z",
                     *         "trialEndsAt": "2026-01-15T09:30:00.000Z",
                     *         "users": [
                     *           {
                     *             "id": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *             "email": "orders@acme.example",
                     *             "role": "owner"
                     *           }
                     *         ],
                     *         "inviteCode": "text",
                     *         "ssoEmailDomain": "text",
                     *         "ssoEnforcedAt": "2026-01-15T09:30:00.000Z",
                     *         "locationAccess": {
                     *           "restricted": true,
                     *           "locations": [
                     *             {
                     *               "locationId": "text",
                     *               "accessLevel": "read"
                     *             }
                     *           ]
                     *         }
                     *       }
                     *     ]
                     */
                    "application/json": components["schemas"]["Workspace"][];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    listItems: {
        parameters: {
            query?: {
                /** @description Exact SKU, case-insensitive */
                sku?: string;
                /** @description Description contains this, case-insensitive */
                description?: string;
                /** @description Exact cost; 403 for a caller without valuation.read */
                cost?: number;
                /** @description Exact sell price */
                sellPrice?: number;
                /** @description Supplier ID; joins supplierIds as "any of" */
                supplierId?: string;
                /** @description Any of these suppliers; repeated or comma-separated */
                supplierIds?: string[] | string;
                /** @description Deprecated single tag ID; joins tagIds and tagNames */
                tagId?: string;
                /** @description Items with any of these tags; repeated or comma-separated */
                tagIds?: string[] | string;
                /** @description Items with any tag of these names (case-insensitive); repeated or comma-separated */
                tagNames?: string[] | string;
                /** @description SKU, description or external ID contains this, case-insensitive */
                search?: string;
                /** @description ID of the creating user */
                userId?: string;
                /** @description Only items with a balance row at this location; stockHealth then uses the on-hand there */
                locationId?: string;
                /** @description out (on-hand <= 0, no balance row counts as 0), low (0 < on-hand <= threshold), ok (above it, and every catalog-only item); any of the values given */
                stockHealth?: ("out" | "low" | "ok")[] | string;
                /** @description true: stock-tracked items only; false: catalog-only items only */
                trackStock?: boolean;
                /** @description Page number, from 1 (default 1); not together with cursor */
                page?: number;
                /** @description Items per page, 1 to 200 (default 50) */
                pageSize?: number;
                /** @description Opaque keyset cursor from the Link rel="next" header of the previous page: the next page starts right after that page's last row, however deep, and rows added meanwhile neither repeat nor shift it. Only valid with the same workspace, path and filters (400 otherwise); not together with page. */
                cursor?: string;
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
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Total-Count": components["headers"]["X-Total-Count"];
                    Link: components["headers"]["Link"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "id": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *         "sku": "WID-001",
                     *         "description": "Widget, blue, 10 cm",
                     *         "externalId": "erp-10042",
                     *         "supplierId": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *         "cost": 4.5,
                     *         "sellPrice": 1,
                     *         "trackStock": true,
                     *         "tracking": "none",
                     *         "lowStockThreshold": 1,
                     *         "tagId": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *         "tags": [
                     *           {
                     *             "id": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *             "name": "Fragile",
                     *             "color": "blue"
                     *           }
                     *         ],
                     *         "userId": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *         "workspaceId": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *         "createdAt": "2026-01-15T09:30:00.000Z",
                     *         "updatedAt": "2026-01-15T09:30:00.000Z",
                     *         "projectId": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *         "supplier": {
                     *           "id": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *           "name": "Acme Supplies",
                     *           "email": "orders@acme.example",
                     *           "phone": "+1 555 0100"
                     *         }
                     *       }
                     *     ]
                     */
                    "application/json": components["schemas"]["Item"][];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    createItem: {
        parameters: {
            query?: {
                /** @description Workspace to act on. Required for full-access (sk_) keys; restricted (rk_) keys are bound to one workspace. */
                workspaceId?: string;
                /** @description Deprecated alternative to workspaceId: the workspace slug. */
                projectSlug?: string;
            };
            header?: {
                /** @description Optional `Idempotency-Key` header (1 to 255 printable ASCII characters), scoped to the workspace, the member and this endpoint. The key is stored in the same transaction as the effect, so a retry with the same key and body answers the original status and body (with `Idempotent-Replayed: true`), even after a crash between commit and reply; two concurrent requests with one key take effect once. The same key with a different body answers 409 conflict. Only successful requests store their key: a request that failed had no effect, so its retry runs again. Keys expire 24 hours after first use. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "sku": "WID-001",
                 *       "description": "Widget, blue, 10 cm",
                 *       "externalId": "erp-10042",
                 *       "cost": 4.5,
                 *       "sellPrice": 9.99,
                 *       "trackStock": true,
                 *       "tracking": "serial",
                 *       "lowStockThreshold": 10,
                 *       "tagNames": [
                 *         "Fragile"
                 *       ],
                 *       "quantity": 2,
                 *       "locationId": "9f1b7c3e-2d4a-4e8f-a6b5-1c0d3e2f4a5b",
                 *       "serials": [
                 *         "WH-40-221873",
                 *         "WH-40-221874"
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["CreateItem"];
            };
        };
        responses: {
            /** @description The created item */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *       "sku": "WID-001",
                     *       "description": "Widget, blue, 10 cm",
                     *       "externalId": "erp-10042",
                     *       "supplierId": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *       "cost": 4.5,
                     *       "sellPrice": 1,
                     *       "trackStock": true,
                     *       "tracking": "none",
                     *       "lowStockThreshold": 1,
                     *       "tagId": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *       "tags": [
                     *         {
                     *           "id": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *           "name": "Fragile",
                     *           "color": "blue"
                     *         }
                     *       ],
                     *       "userId": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *       "workspaceId": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *       "createdAt": "2026-01-15T09:30:00.000Z",
                     *       "updatedAt": "2026-01-15T09:30:00.000Z",
                     *       "projectId": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *       "supplier": {
                     *         "id": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *         "name": "Acme Supplies",
                     *         "email": "orders@acme.example",
                     *         "phone": "+1 555 0100"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Item"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    createItemsInBulk: {
        parameters: {
            query?: {
                /** @description Workspace to act on. Required for full-access (sk_) keys; restricted (rk_) keys are bound to one workspace. */
                workspaceId?: string;
                /** @description Deprecated alternative to workspaceId: the workspace slug. */
                projectSlug?: string;
            };
            header?: {
                /** @description Optional `Idempotency-Key` header (1 to 255 printable ASCII characters), scoped to the workspace, the member and this endpoint. The key is stored in the same transaction as the effect, so a retry with the same key and body answers the original status and body (with `Idempotent-Replayed: true`), even after a crash between commit and reply; two concurrent requests with one key take effect once. The same key with a different body answers 409 conflict. Only successful requests store their key: a request that failed had no effect, so its retry runs again. Keys expire 24 hours after first use. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example [
                 *       {
                 *         "sku": "WID-001",
                 *         "description": "Widget, blue, 10 cm",
                 *         "externalId": "erp-10042",
                 *         "cost": 4.5,
                 *         "sellPrice": 9.99,
                 *         "trackStock": true,
                 *         "tracking": "serial",
                 *         "lowStockThreshold": 10,
                 *         "tagNames": [
                 *           "Fragile"
                 *         ],
                 *         "quantity": 2,
                 *         "locationId": "9f1b7c3e-2d4a-4e8f-a6b5-1c0d3e2f4a5b",
                 *         "serials": [
                 *           "WH-40-221873",
                 *           "WH-40-221874"
                 *         ]
                 *       }
                 *     ]
                 */
                "application/json": components["schemas"]["BulkCreateItems"];
            };
        };
        responses: {
            /** @description The created items, in the order given */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "id": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *         "sku": "WID-001",
                     *         "description": "Widget, blue, 10 cm",
                     *         "externalId": "erp-10042",
                     *         "supplierId": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *         "cost": 4.5,
                     *         "sellPrice": 1,
                     *         "trackStock": true,
                     *         "tracking": "none",
                     *         "lowStockThreshold": 1,
                     *         "tagId": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *         "tags": [
                     *           {
                     *             "id": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *             "name": "Fragile",
                     *             "color": "blue"
                     *           }
                     *         ],
                     *         "userId": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *         "workspaceId": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *         "createdAt": "2026-01-15T09:30:00.000Z",
                     *         "updatedAt": "2026-01-15T09:30:00.000Z",
                     *         "projectId": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *         "supplier": {
                     *           "id": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *           "name": "Acme Supplies",
                     *           "email": "orders@acme.example",
                     *           "phone": "+1 555 0100"
                     *         }
                     *       }
                     *     ]
                     */
                    "application/json": components["schemas"]["Item"][];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    updateItem: {
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
                /**
                 * @example {
                 *       "sku": "WID-001",
                 *       "description": "Widget, blue, 10 cm",
                 *       "externalId": "erp-10042",
                 *       "cost": 4.5,
                 *       "sellPrice": 9.99,
                 *       "supplierId": "0b9d3f52-6a1e-4c8b-9f27-3e5a7d1c4b60",
                 *       "trackStock": true,
                 *       "tracking": "none",
                 *       "lowStockThreshold": 10,
                 *       "tagIds": [
                 *         "5a2c8e71-0f3d-4b6a-8c19-7e4d2b9a6f05"
                 *       ],
                 *       "tagNames": [
                 *         "Fragile"
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["UpdateItem"];
            };
        };
        responses: {
            /** @description The item after the update */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *       "sku": "WID-001",
                     *       "description": "Widget, blue, 10 cm",
                     *       "externalId": "erp-10042",
                     *       "supplierId": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *       "cost": 4.5,
                     *       "sellPrice": 1,
                     *       "trackStock": true,
                     *       "tracking": "none",
                     *       "lowStockThreshold": 1,
                     *       "tagId": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *       "tags": [
                     *         {
                     *           "id": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *           "name": "Fragile",
                     *           "color": "blue"
                     *         }
                     *       ],
                     *       "userId": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *       "workspaceId": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *       "createdAt": "2026-01-15T09:30:00.000Z",
                     *       "updatedAt": "2026-01-15T09:30:00.000Z",
                     *       "projectId": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *       "supplier": {
                     *         "id": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *         "name": "Acme Supplies",
                     *         "email": "orders@acme.example",
                     *         "phone": "+1 555 0100"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Item"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    getItem: {
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
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *       "sku": "WID-001",
                     *       "description": "Widget, blue, 10 cm",
                     *       "externalId": "erp-10042",
                     *       "supplierId": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *       "cost": 4.5,
                     *       "sellPrice": 1,
                     *       "trackStock": true,
                     *       "tracking": "none",
                     *       "lowStockThreshold": 1,
                     *       "tagId": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *       "tags": [
                     *         {
                     *           "id": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *           "name": "Fragile",
                     *           "color": "blue"
                     *         }
                     *       ],
                     *       "userId": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *       "workspaceId": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *       "createdAt": "2026-01-15T09:30:00.000Z",
                     *       "updatedAt": "2026-01-15T09:30:00.000Z",
                     *       "projectId": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *       "supplier": {
                     *         "id": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *         "name": "Acme Supplies",
                     *         "email": "orders@acme.example",
                     *         "phone": "+1 555 0100"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Item"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    countItems: {
        parameters: {
            query?: {
                /** @description Exact SKU, case-insensitive */
                sku?: string;
                /** @description Description contains this, case-insensitive */
                description?: string;
                /** @description Exact cost; 403 for a caller without valuation.read */
                cost?: number;
                /** @description Exact sell price */
                sellPrice?: number;
                /** @description Supplier ID; joins supplierIds as "any of" */
                supplierId?: string;
                /** @description Any of these suppliers; repeated or comma-separated */
                supplierIds?: string[] | string;
                /** @description Deprecated single tag ID; joins tagIds and tagNames */
                tagId?: string;
                /** @description Items with any of these tags; repeated or comma-separated */
                tagIds?: string[] | string;
                /** @description Items with any tag of these names (case-insensitive); repeated or comma-separated */
                tagNames?: string[] | string;
                /** @description SKU, description or external ID contains this, case-insensitive */
                search?: string;
                /** @description ID of the creating user */
                userId?: string;
                /** @description Only items with a balance row at this location; stockHealth then uses the on-hand there */
                locationId?: string;
                /** @description out (on-hand <= 0, no balance row counts as 0), low (0 < on-hand <= threshold), ok (above it, and every catalog-only item); any of the values given */
                stockHealth?: ("out" | "low" | "ok")[] | string;
                /** @description true: stock-tracked items only; false: catalog-only items only */
                trackStock?: boolean;
                /** @description With groupBy=tagId: each group also carries its tag record. Default false */
                includeTags?: boolean;
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
            /** @description Without groupBy: an ItemCount (a bare number). With groupBy=tagId: an ItemCountByTag object. The type tells them apart (number vs object). */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ItemCount"] | components["schemas"]["ItemCountByTag"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    listTags: {
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
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Total-Count": components["headers"]["X-Total-Count"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "id": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *         "name": "Fragile",
                     *         "color": "blue"
                     *       }
                     *     ]
                     */
                    "application/json": components["schemas"]["Tag"][];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    createTag: {
        parameters: {
            query?: {
                /** @description Workspace to act on. Required for full-access (sk_) keys; restricted (rk_) keys are bound to one workspace. */
                workspaceId?: string;
                /** @description Deprecated alternative to workspaceId: the workspace slug. */
                projectSlug?: string;
            };
            header?: {
                /** @description Optional `Idempotency-Key` header (1 to 255 printable ASCII characters), scoped to the workspace, the member and this endpoint. The key is stored in the same transaction as the effect, so a retry with the same key and body answers the original status and body (with `Idempotent-Replayed: true`), even after a crash between commit and reply; two concurrent requests with one key take effect once. The same key with a different body answers 409 conflict. Only successful requests store their key: a request that failed had no effect, so its retry runs again. Keys expire 24 hours after first use. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "Fragile",
                 *       "color": "blue"
                 *     }
                 */
                "application/json": components["schemas"]["CreateTag"];
            };
        };
        responses: {
            /** @description The created tag */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *       "name": "Fragile",
                     *       "color": "blue"
                     *     }
                     */
                    "application/json": components["schemas"]["Tag"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    listSuppliers: {
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
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Total-Count": components["headers"]["X-Total-Count"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "id": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *         "name": "Acme Supplies",
                     *         "email": "orders@acme.example",
                     *         "phone": "+1 555 0100"
                     *       }
                     *     ]
                     */
                    "application/json": components["schemas"]["Supplier"][];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    createSupplier: {
        parameters: {
            query?: {
                /** @description Workspace to act on. Required for full-access (sk_) keys; restricted (rk_) keys are bound to one workspace. */
                workspaceId?: string;
                /** @description Deprecated alternative to workspaceId: the workspace slug. */
                projectSlug?: string;
            };
            header?: {
                /** @description Optional `Idempotency-Key` header (1 to 255 printable ASCII characters), scoped to the workspace, the member and this endpoint. The key is stored in the same transaction as the effect, so a retry with the same key and body answers the original status and body (with `Idempotent-Replayed: true`), even after a crash between commit and reply; two concurrent requests with one key take effect once. The same key with a different body answers 409 conflict. Only successful requests store their key: a request that failed had no effect, so its retry runs again. Keys expire 24 hours after first use. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "Acme Supplies",
                 *       "email": "orders@acme.example",
                 *       "phone": "+1 555 0100"
                 *     }
                 */
                "application/json": components["schemas"]["CreateSupplier"];
            };
        };
        responses: {
            /** @description The created supplier */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *       "name": "Acme Supplies",
                     *       "email": "orders@acme.example",
                     *       "phone": "+1 555 0100"
                     *     }
                     */
                    "application/json": components["schemas"]["Supplier"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    listImports: {
        parameters: {
            query?: {
                /** @description Page number, from 1 (default 1); not together with cursor */
                page?: number;
                /** @description Items per page, 1 to 200 (default 50) */
                pageSize?: number;
                /** @description Opaque keyset cursor from the Link rel="next" header of the previous page: the next page starts right after that page's last row, however deep, and rows added meanwhile neither repeat nor shift it. Only valid with the same workspace, path and filters (400 otherwise); not together with page. */
                cursor?: string;
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
            /** @description Import jobs */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Total-Count": components["headers"]["X-Total-Count"];
                    Link: components["headers"]["Link"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "id": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *         "kind": "items",
                     *         "mode": "create",
                     *         "dryRun": true,
                     *         "status": "queued",
                     *         "rows": {
                     *           "total": 1,
                     *           "valid": 1,
                     *           "invalid": 1,
                     *           "applied": 1
                     *         },
                     *         "errors": [
                     *           {
                     *             "row": 7,
                     *             "column": "quantity",
                     *             "code": "invalid_number",
                     *             "message": "quantity must be a number, not \"ten\"."
                     *           }
                     *         ],
                     *         "errorCount": 1,
                     *         "failure": "text",
                     *         "createdAt": "2026-01-15T09:30:00.000Z",
                     *         "completedAt": "2026-01-15T09:30:00.000Z",
                     *         "createdBy": {
                     *           "userId": "text",
                     *           "keyId": "text"
                     *         }
                     *       }
                     *     ]
                     */
                    "application/json": components["schemas"]["Import"][];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    createImport: {
        parameters: {
            query: {
                /** @description items, stock-counts or par-levels (required): which columns the file has (docs/csv.md) */
                kind: "items" | "stock-counts" | "par-levels";
                /** @description items files only: create (default; an existing SKU is a row error) or upsert (update by SKU) */
                mode?: "create" | "upsert";
                /** @description true: validate every row and list every error, write nothing */
                dryRun?: boolean;
                /** @description Workspace to act on. Required for full-access (sk_) keys; restricted (rk_) keys are bound to one workspace. */
                workspaceId?: string;
                /** @description Deprecated alternative to workspaceId: the workspace slug. */
                projectSlug?: string;
            };
            header?: {
                /** @description Optional `Idempotency-Key` header (1 to 255 printable ASCII characters), scoped to the workspace, the member and this endpoint. The key is stored in the same transaction as the effect, so a retry with the same key and body answers the original status and body (with `Idempotent-Replayed: true`), even after a crash between commit and reply; two concurrent requests with one key take effect once. The same key with a different body answers 409 conflict. Only successful requests store their key: a request that failed had no effect, so its retry runs again. Keys expire 24 hours after first use. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example sku,description,quantity
                 *     FLT-10,Oil filter,12
                 */
                "text/csv": string;
            };
        };
        responses: {
            /** @description The queued job */
            202: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    Location: components["headers"]["Location"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *       "kind": "items",
                     *       "mode": "create",
                     *       "dryRun": true,
                     *       "status": "queued",
                     *       "rows": {
                     *         "total": 1,
                     *         "valid": 1,
                     *         "invalid": 1,
                     *         "applied": 1
                     *       },
                     *       "errors": [
                     *         {
                     *           "row": 7,
                     *           "column": "quantity",
                     *           "code": "invalid_number",
                     *           "message": "quantity must be a number, not \"ten\"."
                     *         }
                     *       ],
                     *       "errorCount": 1,
                     *       "failure": "text",
                     *       "createdAt": "2026-01-15T09:30:00.000Z",
                     *       "completedAt": "2026-01-15T09:30:00.000Z",
                     *       "createdBy": {
                     *         "userId": "text",
                     *         "keyId": "text"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Import"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    getImport: {
        parameters: {
            query?: {
                /** @description Workspace to act on. Required for full-access (sk_) keys; restricted (rk_) keys are bound to one workspace. */
                workspaceId?: string;
                /** @description Deprecated alternative to workspaceId: the workspace slug. */
                projectSlug?: string;
            };
            header?: never;
            path: {
                /** @description The import ID */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The import job */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *       "kind": "items",
                     *       "mode": "create",
                     *       "dryRun": true,
                     *       "status": "queued",
                     *       "rows": {
                     *         "total": 1,
                     *         "valid": 1,
                     *         "invalid": 1,
                     *         "applied": 1
                     *       },
                     *       "errors": [
                     *         {
                     *           "row": 7,
                     *           "column": "quantity",
                     *           "code": "invalid_number",
                     *           "message": "quantity must be a number, not \"ten\"."
                     *         }
                     *       ],
                     *       "errorCount": 1,
                     *       "failure": "text",
                     *       "createdAt": "2026-01-15T09:30:00.000Z",
                     *       "completedAt": "2026-01-15T09:30:00.000Z",
                     *       "createdBy": {
                     *         "userId": "text",
                     *         "keyId": "text"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Import"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    listImportErrors: {
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
            path: {
                /** @description The import ID */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Errors */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Total-Count": components["headers"]["X-Total-Count"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "row": 7,
                     *         "column": "quantity",
                     *         "code": "invalid_number",
                     *         "message": "quantity must be a number, not \"ten\"."
                     *       }
                     *     ]
                     */
                    "application/json": components["schemas"]["ImportError"][];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    exportItems: {
        parameters: {
            query?: {
                /** @description true: start the file with a UTF-8 byte-order mark, so that Excel reads it as UTF-8 */
                bom?: boolean;
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
            /** @description The items */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example sku,description,tags,supplier,lowStockThreshold,trackStock,externalId,cost,sellPrice,tracking
                     *     FLT-10,Oil filter,Filters;Engine,Acme,5,true,,4.5,9.99,none
                     */
                    "text/csv": string;
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    listLocations: {
        parameters: {
            query?: {
                /** @description true: only active locations; false: only inactive ones */
                active?: boolean;
                /** @description One or more location types, repeated (?type=van&type=truck) or comma-separated (?type=van,truck) */
                type?: ("warehouse" | "van" | "truck" | "site" | "other")[] | string;
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
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Total-Count": components["headers"]["X-Total-Count"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "id": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *         "name": "Main warehouse",
                     *         "type": "warehouse",
                     *         "active": true,
                     *         "createdAt": "2026-01-15T09:30:00.000Z",
                     *         "icon": "warehouse",
                     *         "note": "text",
                     *         "latitude": 1,
                     *         "longitude": 1,
                     *         "geofenceRadiusM": 25,
                     *         "accessLevel": "read",
                     *         "replenishFrom": "7c9e6679-7425-40de-944b-e07fc1f90ae7"
                     *       }
                     *     ]
                     */
                    "application/json": components["schemas"]["Location"][];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    createLocation: {
        parameters: {
            query?: {
                /** @description Workspace to act on. Required for full-access (sk_) keys; restricted (rk_) keys are bound to one workspace. */
                workspaceId?: string;
                /** @description Deprecated alternative to workspaceId: the workspace slug. */
                projectSlug?: string;
            };
            header?: {
                /** @description Optional `Idempotency-Key` header (1 to 255 printable ASCII characters), scoped to the workspace, the member and this endpoint. The key is stored in the same transaction as the effect, so a retry with the same key and body answers the original status and body (with `Idempotent-Replayed: true`), even after a crash between commit and reply; two concurrent requests with one key take effect once. The same key with a different body answers 409 conflict. Only successful requests store their key: a request that failed had no effect, so its retry runs again. Keys expire 24 hours after first use. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "Van 7",
                 *       "type": "van",
                 *       "icon": "van",
                 *       "note": "Ford Transit, plate KX-4411",
                 *       "accessLevel": "read",
                 *       "latitude": 52.52,
                 *       "longitude": 13.405,
                 *       "geofenceRadiusM": 150,
                 *       "replenishFrom": "7c9e6679-7425-40de-944b-e07fc1f90ae7"
                 *     }
                 */
                "application/json": components["schemas"]["CreateLocation"];
            };
        };
        responses: {
            /** @description The created location */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *       "name": "Main warehouse",
                     *       "type": "warehouse",
                     *       "active": true,
                     *       "createdAt": "2026-01-15T09:30:00.000Z",
                     *       "icon": "warehouse",
                     *       "note": "text",
                     *       "latitude": 1,
                     *       "longitude": 1,
                     *       "geofenceRadiusM": 25,
                     *       "accessLevel": "read",
                     *       "replenishFrom": "7c9e6679-7425-40de-944b-e07fc1f90ae7"
                     *     }
                     */
                    "application/json": components["schemas"]["Location"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    countLocations: {
        parameters: {
            query?: {
                /** @description true: only active locations; false: only inactive ones */
                active?: boolean;
                /** @description One or more location types, repeated (?type=van&type=truck) or comma-separated (?type=van,truck) */
                type?: ("warehouse" | "van" | "truck" | "site" | "other")[] | string;
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
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /** @example 1 */
                    "application/json": number;
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    getLocation: {
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
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *       "name": "Main warehouse",
                     *       "type": "warehouse",
                     *       "active": true,
                     *       "createdAt": "2026-01-15T09:30:00.000Z",
                     *       "icon": "warehouse",
                     *       "note": "text",
                     *       "latitude": 1,
                     *       "longitude": 1,
                     *       "geofenceRadiusM": 25,
                     *       "accessLevel": "read",
                     *       "replenishFrom": "7c9e6679-7425-40de-944b-e07fc1f90ae7"
                     *     }
                     */
                    "application/json": components["schemas"]["Location"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    deleteLocation: {
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
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "text"
                     *     }
                     */
                    "application/json": components["schemas"]["DeletedLocation"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    updateLocation: {
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
                /**
                 * @example {
                 *       "name": "Van 7",
                 *       "type": "van",
                 *       "icon": "van",
                 *       "note": "Ford Transit, plate KX-4411",
                 *       "accessLevel": "read",
                 *       "latitude": 52.52,
                 *       "longitude": 13.405,
                 *       "geofenceRadiusM": 150,
                 *       "active": true,
                 *       "replenishFrom": "7c9e6679-7425-40de-944b-e07fc1f90ae7"
                 *     }
                 */
                "application/json": components["schemas"]["UpdateLocation"];
            };
        };
        responses: {
            /** @description The updated location */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *       "name": "Main warehouse",
                     *       "type": "warehouse",
                     *       "active": true,
                     *       "createdAt": "2026-01-15T09:30:00.000Z",
                     *       "icon": "warehouse",
                     *       "note": "text",
                     *       "latitude": 1,
                     *       "longitude": 1,
                     *       "geofenceRadiusM": 25,
                     *       "accessLevel": "read",
                     *       "replenishFrom": "7c9e6679-7425-40de-944b-e07fc1f90ae7"
                     *     }
                     */
                    "application/json": components["schemas"]["Location"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    listBalances: {
        parameters: {
            query?: {
                /** @description Item IDs (repeated or comma-separated) */
                itemId?: string[] | string;
                /** @description Location IDs (repeated or comma-separated) */
                locationId?: string[] | string;
                /** @description Page number, from 1 (default 1); not together with cursor */
                page?: number;
                /** @description Items per page, 1 to 200 (default 50) */
                pageSize?: number;
                /** @description Opaque keyset cursor from the Link rel="next" header of the previous page: the next page starts right after that page's last row, however deep, and rows added meanwhile neither repeat nor shift it. Only valid with the same workspace, path and filters (400 otherwise); not together with page. */
                cursor?: string;
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
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Total-Count": components["headers"]["X-Total-Count"];
                    Link: components["headers"]["Link"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "itemId": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *         "locationId": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *         "item": {
                     *           "id": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *           "sku": "text",
                     *           "description": "text"
                     *         },
                     *         "location": {
                     *           "id": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *           "name": "text",
                     *           "type": "warehouse"
                     *         },
                     *         "onHand": 1,
                     *         "reserved": 1,
                     *         "available": 1,
                     *         "onOrder": 0,
                     *         "averageCost": 5.6667,
                     *         "updatedAt": "2026-01-15T09:30:00.000Z"
                     *       }
                     *     ]
                     */
                    "application/json": components["schemas"]["StockBalance"][];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    listMovements: {
        parameters: {
            query?: {
                /** @description Item IDs (repeated or comma-separated) */
                itemId?: string[] | string;
                /** @description Location IDs (repeated or comma-separated) */
                locationId?: string[] | string;
                /** @description Movement types (repeated or comma-separated) */
                type?: ("opening" | "receipt" | "adjustment" | "transfer_out" | "transfer_in")[] | string;
                /** @description Reasons (repeated or comma-separated), job and job_reverted included; openings and transfer movements have none and never match */
                reason?: ("received" | "returned" | "damaged" | "lost" | "stolen" | "expired" | "count" | "correction" | "other" | "job" | "job_reverted" | "opening_cancelled" | "receipt_reverted")[] | string;
                /** @description Transfer IDs (repeated or comma-separated) */
                transferId?: string[] | string;
                /** @description Job IDs (repeated or comma-separated): what their completions used (reason job) and their reverts put back (job_reverted) */
                jobId?: string[] | string;
                /** @description The trace of a serial: the movements that carried it (its receipt, each side of every transfer, a job’s use and its revert), compared ignoring case and surrounding spaces */
                serial?: string;
                /** @description The trace of a lot: the movements that carried it, compared ignoring case and surrounding spaces */
                lot?: string;
                /** @description Date interval of createdAt, computed in UTC; default all (see GET /inventory/transfers) */
                interval?: "24h" | "7d" | "30d" | "90d" | "mtd" | "qtd" | "ytd" | "1y" | "all" | "all_unfiltered" | "today" | "this_week" | "last_week" | "this_month" | "last_month" | "this_quarter" | "last_quarter" | "this_year" | "last_year" | "fiscal_ytd" | "last_fiscal_year";
                /** @description Page number, from 1 (default 1); not together with cursor */
                page?: number;
                /** @description Items per page, 1 to 200 (default 50) */
                pageSize?: number;
                /** @description Opaque keyset cursor from the Link rel="next" header of the previous page: the next page starts right after that page's last row, however deep, and rows added meanwhile neither repeat nor shift it. Only valid with the same workspace, path and filters (400 otherwise); not together with page. */
                cursor?: string;
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
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Total-Count": components["headers"]["X-Total-Count"];
                    Link: components["headers"]["Link"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "id": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *         "itemId": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *         "locationId": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *         "item": {
                     *           "id": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *           "sku": "text",
                     *           "description": "text"
                     *         },
                     *         "location": {
                     *           "id": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *           "name": "text",
                     *           "type": "warehouse"
                     *         },
                     *         "type": "opening",
                     *         "quantity": 1,
                     *         "balanceAfter": 1,
                     *         "userId": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *         "transferId": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *         "jobId": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *         "reason": "received",
                     *         "reference": "text",
                     *         "note": "text",
                     *         "unitCost": 5.25,
                     *         "purchaseOrderId": null,
                     *         "receiptId": null,
                     *         "serials": null,
                     *         "lot": null,
                     *         "costVariance": null,
                     *         "createdAt": "2026-01-15T09:30:00.000Z"
                     *       }
                     *     ]
                     */
                    "application/json": components["schemas"]["StockMovement"][];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    recordMovement: {
        parameters: {
            query?: {
                /** @description Workspace to act on. Required for full-access (sk_) keys; restricted (rk_) keys are bound to one workspace. */
                workspaceId?: string;
                /** @description Deprecated alternative to workspaceId: the workspace slug. */
                projectSlug?: string;
            };
            header?: {
                /** @description Optional `Idempotency-Key` header (1 to 255 printable ASCII characters), scoped to the workspace, the member and this endpoint. The key is stored in the same transaction as the effect, so a retry with the same key and body answers the original status and body (with `Idempotent-Replayed: true`), even after a crash between commit and reply; two concurrent requests with one key take effect once. The same key with a different body answers 409 conflict. Only successful requests store their key: a request that failed had no effect, so its retry runs again. Keys expire 24 hours after first use. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "type": "receipt",
                 *       "itemId": "3d6f0a8e-5b21-4c7d-9e14-8a2b6c0f1d37",
                 *       "locationId": "9f1b7c3e-2d4a-4e8f-a6b5-1c0d3e2f4a5b",
                 *       "reference": "PO-2026-0117",
                 *       "note": "For the Hendricks job on Monday",
                 *       "quantity": 1,
                 *       "reason": "received",
                 *       "unitCost": 5.25
                 *     }
                 */
                "application/json": components["schemas"]["RecordMovement"];
            };
        };
        responses: {
            /** @description The recorded movement */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *       "itemId": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *       "locationId": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *       "item": {
                     *         "id": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *         "sku": "text",
                     *         "description": "text"
                     *       },
                     *       "location": {
                     *         "id": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *         "name": "text",
                     *         "type": "warehouse"
                     *       },
                     *       "type": "opening",
                     *       "quantity": 1,
                     *       "balanceAfter": 1,
                     *       "userId": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *       "transferId": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *       "jobId": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *       "reason": "received",
                     *       "reference": "text",
                     *       "note": "text",
                     *       "unitCost": 5.25,
                     *       "purchaseOrderId": null,
                     *       "receiptId": null,
                     *       "serials": null,
                     *       "lot": null,
                     *       "costVariance": null,
                     *       "createdAt": "2026-01-15T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["StockMovement"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    listParLevels: {
        parameters: {
            query?: {
                /** @description Item IDs (repeated or comma-separated) */
                itemId?: string[] | string;
                /** @description Location IDs (repeated or comma-separated) */
                locationId?: string[] | string;
                /** @description true: only par levels whose free stock (available = onHand − reserved) is below the minimum (what needs a refill now); false: only those at or above it */
                belowPar?: boolean;
                /** @description Page number, from 1 (default 1); not together with cursor */
                page?: number;
                /** @description Items per page, 1 to 200 (default 50) */
                pageSize?: number;
                /** @description Opaque keyset cursor from the Link rel="next" header of the previous page: the next page starts right after that page's last row, however deep, and rows added meanwhile neither repeat nor shift it. Only valid with the same workspace, path and filters (400 otherwise); not together with page. */
                cursor?: string;
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
            /** @description Par levels */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Total-Count": components["headers"]["X-Total-Count"];
                    Link: components["headers"]["Link"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "itemId": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *         "locationId": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *         "minimum": 1,
                     *         "target": 1,
                     *         "onHand": 1,
                     *         "reserved": 1,
                     *         "available": 1,
                     *         "belowPar": true,
                     *         "updatedAt": "2026-01-15T09:30:00.000Z"
                     *       }
                     *     ]
                     */
                    "application/json": components["schemas"]["ParLevel"][];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    setParLevel: {
        parameters: {
            query?: {
                /** @description Workspace to act on. Required for full-access (sk_) keys; restricted (rk_) keys are bound to one workspace. */
                workspaceId?: string;
                /** @description Deprecated alternative to workspaceId: the workspace slug. */
                projectSlug?: string;
            };
            header?: never;
            path: {
                /** @description Item ID */
                itemId: string;
                /** @description Location ID */
                locationId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "minimum": 12,
                 *       "target": 20
                 *     }
                 */
                "application/json": components["schemas"]["SetParLevel"];
            };
        };
        responses: {
            /** @description The par level */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "itemId": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *       "locationId": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *       "minimum": 1,
                     *       "target": 1,
                     *       "onHand": 1,
                     *       "reserved": 1,
                     *       "available": 1,
                     *       "belowPar": true,
                     *       "updatedAt": "2026-01-15T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["ParLevel"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    deleteParLevel: {
        parameters: {
            query?: {
                /** @description Workspace to act on. Required for full-access (sk_) keys; restricted (rk_) keys are bound to one workspace. */
                workspaceId?: string;
                /** @description Deprecated alternative to workspaceId: the workspace slug. */
                projectSlug?: string;
            };
            header?: never;
            path: {
                /** @description Item ID */
                itemId: string;
                /** @description Location ID */
                locationId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Removed */
            204: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    listReplenishment: {
        parameters: {
            query?: {
                /** @description Only these locations (the destinations; repeated or comma-separated) */
                locationId?: string[] | string;
                /** @description Only the lines drawing on this source (the locations whose replenishFrom it is) */
                sourceLocationId?: string;
                /** @description Page number, from 1 (default 1); not together with cursor */
                page?: number;
                /** @description Items per page, 1 to 200 (default 50) */
                pageSize?: number;
                /** @description Opaque keyset cursor from the Link rel="next" header of the previous page: the next page starts right after that page's last row, however deep, and rows added meanwhile neither repeat nor shift it. Only valid with the same workspace, path and filters (400 otherwise); not together with page. */
                cursor?: string;
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
            /** @description The lines below par */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Total-Count": components["headers"]["X-Total-Count"];
                    Link: components["headers"]["Link"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "itemId": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *         "sku": "text",
                     *         "locationId": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *         "sourceLocationId": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *         "supplierId": null,
                     *         "onHand": 1,
                     *         "reserved": 1,
                     *         "incoming": 1,
                     *         "onOrder": 1,
                     *         "drafted": 1,
                     *         "minimum": 1,
                     *         "target": 1,
                     *         "outgoing": 0,
                     *         "destinationsShort": 0,
                     *         "needed": 1,
                     *         "availableAtSource": 1,
                     *         "proposed": 1,
                     *         "shortfall": 1,
                     *         "reason": null,
                     *         "message": null
                     *       }
                     *     ]
                     */
                    "application/json": components["schemas"]["ReplenishmentLine"][];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    replenish: {
        parameters: {
            query?: {
                /** @description Workspace to act on. Required for full-access (sk_) keys; restricted (rk_) keys are bound to one workspace. */
                workspaceId?: string;
                /** @description Deprecated alternative to workspaceId: the workspace slug. */
                projectSlug?: string;
            };
            header?: {
                /** @description Optional `Idempotency-Key` header (1 to 255 printable ASCII characters), scoped to the workspace, the member and this endpoint. The key is stored in the same transaction as the effect, so a retry with the same key and body answers the original status and body (with `Idempotent-Replayed: true`), even after a crash between commit and reply; two concurrent requests with one key take effect once. The same key with a different body answers 409 conflict. Only successful requests store their key: a request that failed had no effect, so its retry runs again. Keys expire 24 hours after first use. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "locationIds": [
                 *         "7c9e6679-7425-40de-944b-e07fc1f90ae7"
                 *       ],
                 *       "sourceLocationId": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                 *       "status": "pending"
                 *     }
                 */
                "application/json": components["schemas"]["Replenish"];
            };
        };
        responses: {
            /** @description The transfers created, and the lines left short */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "transfers": [
                     *         {
                     *           "id": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *           "fromLocationId": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *           "toLocationId": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *           "status": "pending",
                     *           "note": "text",
                     *           "reason": "text",
                     *           "origin": "manual",
                     *           "lines": [
                     *             {
                     *               "id": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *               "itemId": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *               "quantity": 1,
                     *               "note": "text",
                     *               "item": {
                     *                 "id": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *                 "sku": "text",
                     *                 "description": "text"
                     *               },
                     *               "serials": null,
                     *               "lot": null,
                     *               "lots": null
                     *             }
                     *           ],
                     *           "createdAt": "2026-01-15T09:30:00.000Z",
                     *           "createdBy": {
                     *             "userId": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *             "keyId": "7c9e6679-7425-40de-944b-e07fc1f90ae7"
                     *           },
                     *           "completedAt": null,
                     *           "completedBy": null,
                     *           "rejectedAt": null,
                     *           "rejectedBy": null,
                     *           "cancelledAt": null,
                     *           "cancelledBy": null,
                     *           "revertedAt": null,
                     *           "revertedBy": null,
                     *           "fromLocation": {
                     *             "id": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *             "name": "text",
                     *             "type": "warehouse"
                     *           },
                     *           "toLocation": {
                     *             "id": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *             "name": "text",
                     *             "type": "warehouse"
                     *           }
                     *         }
                     *       ],
                     *       "purchaseOrders": [
                     *         {
                     *           "id": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *           "status": "draft",
                     *           "supplierId": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *           "supplier": {
                     *             "id": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *             "name": "text"
                     *           },
                     *           "locationId": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *           "location": {
                     *             "id": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *             "name": "text",
                     *             "type": "text"
                     *           },
                     *           "reference": "text",
                     *           "note": "text",
                     *           "externalRef": "text",
                     *           "expectedAt": "2026-01-15T09:30:00.000Z",
                     *           "origin": "manual",
                     *           "orderedValue": 52.5,
                     *           "receivedValue": 31.5,
                     *           "lines": [
                     *             {
                     *               "itemId": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *               "item": {
                     *                 "id": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *                 "sku": "text",
                     *                 "description": "text"
                     *               },
                     *               "ordered": 10,
                     *               "received": 10,
                     *               "open": 10,
                     *               "unitCost": 5.25
                     *             }
                     *           ],
                     *           "createdAt": "2026-01-15T09:30:00.000Z",
                     *           "createdBy": {
                     *             "userId": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *             "keyId": "7c9e6679-7425-40de-944b-e07fc1f90ae7"
                     *           },
                     *           "updatedAt": "2026-01-15T09:30:00.000Z",
                     *           "submittedAt": "2026-01-15T09:30:00.000Z",
                     *           "receivedAt": "2026-01-15T09:30:00.000Z",
                     *           "closedAt": "2026-01-15T09:30:00.000Z",
                     *           "cancelledAt": "2026-01-15T09:30:00.000Z"
                     *         }
                     *       ],
                     *       "shortfalls": [
                     *         {
                     *           "itemId": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *           "sku": "text",
                     *           "locationId": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *           "sourceLocationId": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *           "supplierId": null,
                     *           "onHand": 1,
                     *           "reserved": 1,
                     *           "incoming": 1,
                     *           "onOrder": 1,
                     *           "drafted": 1,
                     *           "minimum": 1,
                     *           "target": 1,
                     *           "outgoing": 0,
                     *           "destinationsShort": 0,
                     *           "needed": 1,
                     *           "availableAtSource": 1,
                     *           "proposed": 1,
                     *           "shortfall": 1,
                     *           "reason": null,
                     *           "message": null
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ReplenishmentRun"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    getStockSettings: {
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
        requestBody?: never;
        responses: {
            /** @description The stock settings */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "defaultLowStockThreshold": 5
                     *     }
                     */
                    "application/json": components["schemas"]["StockSettings"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    updateStockSettings: {
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
                /**
                 * @example {
                 *       "defaultLowStockThreshold": 10
                 *     }
                 */
                "application/json": components["schemas"]["UpdateStockSettings"];
            };
        };
        responses: {
            /** @description The stock settings */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "defaultLowStockThreshold": 5
                     *     }
                     */
                    "application/json": components["schemas"]["StockSettings"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    listTransfers: {
        parameters: {
            query?: {
                /** @description Statuses (repeated or comma-separated); default: every status */
                status?: ("pending" | "completed" | "reverted" | "rejected" | "cancelled")[] | string;
                /** @description Date interval of createdAt, computed in UTC; default all. Rolling windows (24h, 7d, 30d, 90d, 1y) and to-date intervals (mtd, qtd, ytd, fiscal_ytd) end now; named periods (today, this_week, last_week, this_month, last_month, this_quarter, last_quarter, this_year, last_year, last_fiscal_year) cover their whole period. Weeks start on Monday; quarters are calendar quarters; the fiscal year is the calendar year unless the workspace sets another start month. all: everything up to now; all_unfiltered: no date condition. */
                interval?: "24h" | "7d" | "30d" | "90d" | "mtd" | "qtd" | "ytd" | "1y" | "all" | "all_unfiltered" | "today" | "this_week" | "last_week" | "this_month" | "last_month" | "this_quarter" | "last_quarter" | "this_year" | "last_year" | "fiscal_ytd" | "last_fiscal_year";
                /** @description Sort field; default createdAt (ties broken by id) */
                sortBy?: "createdAt";
                /** @description Default desc (newest first) */
                sortOrder?: "asc" | "desc";
                /** @description Page number, from 1 (default 1); not together with cursor */
                page?: number;
                /** @description Items per page, 1 to 200 (default 50) */
                pageSize?: number;
                /** @description Opaque keyset cursor from the Link rel="next" header of the previous page: the next page starts right after that page's last row, however deep, and rows added meanwhile neither repeat nor shift it. Only valid with the same workspace, path and filters (400 otherwise); not together with page. */
                cursor?: string;
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
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Total-Count": components["headers"]["X-Total-Count"];
                    Link: components["headers"]["Link"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "id": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *         "fromLocationId": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *         "toLocationId": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *         "status": "pending",
                     *         "note": "text",
                     *         "reason": "text",
                     *         "origin": "manual",
                     *         "lines": [
                     *           {
                     *             "id": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *             "itemId": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *             "quantity": 1,
                     *             "note": "text",
                     *             "item": {
                     *               "id": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *               "sku": "text",
                     *               "description": "text"
                     *             },
                     *             "serials": null,
                     *             "lot": null,
                     *             "lots": null
                     *           }
                     *         ],
                     *         "createdAt": "2026-01-15T09:30:00.000Z",
                     *         "createdBy": {
                     *           "userId": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *           "keyId": "7c9e6679-7425-40de-944b-e07fc1f90ae7"
                     *         },
                     *         "completedAt": null,
                     *         "completedBy": null,
                     *         "rejectedAt": null,
                     *         "rejectedBy": null,
                     *         "cancelledAt": null,
                     *         "cancelledBy": null,
                     *         "revertedAt": null,
                     *         "revertedBy": null,
                     *         "fromLocation": {
                     *           "id": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *           "name": "text",
                     *           "type": "warehouse"
                     *         },
                     *         "toLocation": {
                     *           "id": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *           "name": "text",
                     *           "type": "warehouse"
                     *         }
                     *       }
                     *     ]
                     */
                    "application/json": components["schemas"]["Transfer"][];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    createTransfer: {
        parameters: {
            query?: {
                /** @description Workspace to act on. Required for full-access (sk_) keys; restricted (rk_) keys are bound to one workspace. */
                workspaceId?: string;
                /** @description Deprecated alternative to workspaceId: the workspace slug. */
                projectSlug?: string;
            };
            header?: {
                /** @description Optional `Idempotency-Key` header (1 to 255 printable ASCII characters), scoped to the workspace, the member and this endpoint. The key is stored in the same transaction as the effect, so a retry with the same key and body answers the original status and body (with `Idempotent-Replayed: true`), even after a crash between commit and reply; two concurrent requests with one key take effect once. The same key with a different body answers 409 conflict. Only successful requests store their key: a request that failed had no effect, so its retry runs again. Keys expire 24 hours after first use. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "fromLocationId": "9f1b7c3e-2d4a-4e8f-a6b5-1c0d3e2f4a5b",
                 *       "toLocationId": "c4e8a2f1-7b3d-4a9e-8f60-2d5b1e7c9a34",
                 *       "lines": [
                 *         {
                 *           "itemId": "3d6f0a8e-5b21-4c7d-9e14-8a2b6c0f1d37",
                 *           "quantity": 1,
                 *           "note": "For the Hendricks job on Monday"
                 *         }
                 *       ],
                 *       "note": "For the Hendricks job on Monday",
                 *       "status": "completed"
                 *     }
                 */
                "application/json": components["schemas"]["CreateTransfer"];
            };
        };
        responses: {
            /** @description The completed (or pending) transfer */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *       "fromLocationId": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *       "toLocationId": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *       "status": "pending",
                     *       "note": "text",
                     *       "reason": "text",
                     *       "origin": "manual",
                     *       "lines": [
                     *         {
                     *           "id": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *           "itemId": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *           "quantity": 1,
                     *           "note": "text",
                     *           "item": {
                     *             "id": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *             "sku": "text",
                     *             "description": "text"
                     *           },
                     *           "serials": null,
                     *           "lot": null,
                     *           "lots": null
                     *         }
                     *       ],
                     *       "createdAt": "2026-01-15T09:30:00.000Z",
                     *       "createdBy": {
                     *         "userId": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *         "keyId": "7c9e6679-7425-40de-944b-e07fc1f90ae7"
                     *       },
                     *       "completedAt": null,
                     *       "completedBy": null,
                     *       "rejectedAt": null,
                     *       "rejectedBy": null,
                     *       "cancelledAt": null,
                     *       "cancelledBy": null,
                     *       "revertedAt": null,
                     *       "revertedBy": null,
                     *       "fromLocation": {
                     *         "id": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *         "name": "text",
                     *         "type": "warehouse"
                     *       },
                     *       "toLocation": {
                     *         "id": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *         "name": "text",
                     *         "type": "warehouse"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Transfer"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    getTransfer: {
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
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *       "fromLocationId": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *       "toLocationId": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *       "status": "pending",
                     *       "note": "text",
                     *       "reason": "text",
                     *       "origin": "manual",
                     *       "lines": [
                     *         {
                     *           "id": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *           "itemId": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *           "quantity": 1,
                     *           "note": "text",
                     *           "item": {
                     *             "id": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *             "sku": "text",
                     *             "description": "text"
                     *           },
                     *           "serials": null,
                     *           "lot": null,
                     *           "lots": null
                     *         }
                     *       ],
                     *       "createdAt": "2026-01-15T09:30:00.000Z",
                     *       "createdBy": {
                     *         "userId": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *         "keyId": "7c9e6679-7425-40de-944b-e07fc1f90ae7"
                     *       },
                     *       "completedAt": null,
                     *       "completedBy": null,
                     *       "rejectedAt": null,
                     *       "rejectedBy": null,
                     *       "cancelledAt": null,
                     *       "cancelledBy": null,
                     *       "revertedAt": null,
                     *       "revertedBy": null,
                     *       "fromLocation": {
                     *         "id": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *         "name": "text",
                     *         "type": "warehouse"
                     *       },
                     *       "toLocation": {
                     *         "id": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *         "name": "text",
                     *         "type": "warehouse"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Transfer"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    completeTransfer: {
        parameters: {
            query?: {
                /** @description Workspace to act on. Required for full-access (sk_) keys; restricted (rk_) keys are bound to one workspace. */
                workspaceId?: string;
                /** @description Deprecated alternative to workspaceId: the workspace slug. */
                projectSlug?: string;
            };
            header?: {
                /** @description Optional `Idempotency-Key` header (1 to 255 printable ASCII characters), scoped to the workspace, the member and this endpoint. The key is stored in the same transaction as the effect, so a retry with the same key and body answers the original status and body (with `Idempotent-Replayed: true`), even after a crash between commit and reply; two concurrent requests with one key take effect once. The same key with a different body answers 409 conflict. Only successful requests store their key: a request that failed had no effect, so its retry runs again. Keys expire 24 hours after first use. */
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
                /**
                 * @example {
                 *       "lines": [
                 *         {
                 *           "itemId": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                 *           "quantity": 1
                 *         }
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["CompleteTransfer"];
            };
        };
        responses: {
            /** @description The transfer, now completed */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *       "fromLocationId": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *       "toLocationId": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *       "status": "pending",
                     *       "note": "text",
                     *       "reason": "text",
                     *       "origin": "manual",
                     *       "lines": [
                     *         {
                     *           "id": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *           "itemId": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *           "quantity": 1,
                     *           "note": "text",
                     *           "item": {
                     *             "id": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *             "sku": "text",
                     *             "description": "text"
                     *           },
                     *           "serials": null,
                     *           "lot": null,
                     *           "lots": null
                     *         }
                     *       ],
                     *       "createdAt": "2026-01-15T09:30:00.000Z",
                     *       "createdBy": {
                     *         "userId": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *         "keyId": "7c9e6679-7425-40de-944b-e07fc1f90ae7"
                     *       },
                     *       "completedAt": null,
                     *       "completedBy": null,
                     *       "rejectedAt": null,
                     *       "rejectedBy": null,
                     *       "cancelledAt": null,
                     *       "cancelledBy": null,
                     *       "revertedAt": null,
                     *       "revertedBy": null,
                     *       "fromLocation": {
                     *         "id": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *         "name": "text",
                     *         "type": "warehouse"
                     *       },
                     *       "toLocation": {
                     *         "id": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *         "name": "text",
                     *         "type": "warehouse"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Transfer"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    rejectTransfer: {
        parameters: {
            query?: {
                /** @description Workspace to act on. Required for full-access (sk_) keys; restricted (rk_) keys are bound to one workspace. */
                workspaceId?: string;
                /** @description Deprecated alternative to workspaceId: the workspace slug. */
                projectSlug?: string;
            };
            header?: {
                /** @description Optional `Idempotency-Key` header (1 to 255 printable ASCII characters), scoped to the workspace, the member and this endpoint. The key is stored in the same transaction as the effect, so a retry with the same key and body answers the original status and body (with `Idempotent-Replayed: true`), even after a crash between commit and reply; two concurrent requests with one key take effect once. The same key with a different body answers 409 conflict. Only successful requests store their key: a request that failed had no effect, so its retry runs again. Keys expire 24 hours after first use. */
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
                /**
                 * @example {
                 *       "reason": "text"
                 *     }
                 */
                "application/json": components["schemas"]["SettleTransfer"];
            };
        };
        responses: {
            /** @description The transfer, now rejected */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *       "fromLocationId": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *       "toLocationId": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *       "status": "pending",
                     *       "note": "text",
                     *       "reason": "text",
                     *       "origin": "manual",
                     *       "lines": [
                     *         {
                     *           "id": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *           "itemId": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *           "quantity": 1,
                     *           "note": "text",
                     *           "item": {
                     *             "id": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *             "sku": "text",
                     *             "description": "text"
                     *           },
                     *           "serials": null,
                     *           "lot": null,
                     *           "lots": null
                     *         }
                     *       ],
                     *       "createdAt": "2026-01-15T09:30:00.000Z",
                     *       "createdBy": {
                     *         "userId": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *         "keyId": "7c9e6679-7425-40de-944b-e07fc1f90ae7"
                     *       },
                     *       "completedAt": null,
                     *       "completedBy": null,
                     *       "rejectedAt": null,
                     *       "rejectedBy": null,
                     *       "cancelledAt": null,
                     *       "cancelledBy": null,
                     *       "revertedAt": null,
                     *       "revertedBy": null,
                     *       "fromLocation": {
                     *         "id": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *         "name": "text",
                     *         "type": "warehouse"
                     *       },
                     *       "toLocation": {
                     *         "id": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *         "name": "text",
                     *         "type": "warehouse"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Transfer"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    cancelTransfer: {
        parameters: {
            query?: {
                /** @description Workspace to act on. Required for full-access (sk_) keys; restricted (rk_) keys are bound to one workspace. */
                workspaceId?: string;
                /** @description Deprecated alternative to workspaceId: the workspace slug. */
                projectSlug?: string;
            };
            header?: {
                /** @description Optional `Idempotency-Key` header (1 to 255 printable ASCII characters), scoped to the workspace, the member and this endpoint. The key is stored in the same transaction as the effect, so a retry with the same key and body answers the original status and body (with `Idempotent-Replayed: true`), even after a crash between commit and reply; two concurrent requests with one key take effect once. The same key with a different body answers 409 conflict. Only successful requests store their key: a request that failed had no effect, so its retry runs again. Keys expire 24 hours after first use. */
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
                /**
                 * @example {
                 *       "reason": "text"
                 *     }
                 */
                "application/json": components["schemas"]["SettleTransfer"];
            };
        };
        responses: {
            /** @description The transfer, now cancelled */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *       "fromLocationId": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *       "toLocationId": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *       "status": "pending",
                     *       "note": "text",
                     *       "reason": "text",
                     *       "origin": "manual",
                     *       "lines": [
                     *         {
                     *           "id": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *           "itemId": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *           "quantity": 1,
                     *           "note": "text",
                     *           "item": {
                     *             "id": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *             "sku": "text",
                     *             "description": "text"
                     *           },
                     *           "serials": null,
                     *           "lot": null,
                     *           "lots": null
                     *         }
                     *       ],
                     *       "createdAt": "2026-01-15T09:30:00.000Z",
                     *       "createdBy": {
                     *         "userId": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *         "keyId": "7c9e6679-7425-40de-944b-e07fc1f90ae7"
                     *       },
                     *       "completedAt": null,
                     *       "completedBy": null,
                     *       "rejectedAt": null,
                     *       "rejectedBy": null,
                     *       "cancelledAt": null,
                     *       "cancelledBy": null,
                     *       "revertedAt": null,
                     *       "revertedBy": null,
                     *       "fromLocation": {
                     *         "id": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *         "name": "text",
                     *         "type": "warehouse"
                     *       },
                     *       "toLocation": {
                     *         "id": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *         "name": "text",
                     *         "type": "warehouse"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Transfer"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    revertTransfer: {
        parameters: {
            query?: {
                /** @description Workspace to act on. Required for full-access (sk_) keys; restricted (rk_) keys are bound to one workspace. */
                workspaceId?: string;
                /** @description Deprecated alternative to workspaceId: the workspace slug. */
                projectSlug?: string;
            };
            header?: {
                /** @description Optional `Idempotency-Key` header (1 to 255 printable ASCII characters), scoped to the workspace, the member and this endpoint. The key is stored in the same transaction as the effect, so a retry with the same key and body answers the original status and body (with `Idempotent-Replayed: true`), even after a crash between commit and reply; two concurrent requests with one key take effect once. The same key with a different body answers 409 conflict. Only successful requests store their key: a request that failed had no effect, so its retry runs again. Keys expire 24 hours after first use. */
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
                /** @example {} */
                "application/json": Record<string, never>;
            };
        };
        responses: {
            /** @description The transfer, now reverted */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *       "fromLocationId": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *       "toLocationId": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *       "status": "pending",
                     *       "note": "text",
                     *       "reason": "text",
                     *       "origin": "manual",
                     *       "lines": [
                     *         {
                     *           "id": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *           "itemId": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *           "quantity": 1,
                     *           "note": "text",
                     *           "item": {
                     *             "id": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *             "sku": "text",
                     *             "description": "text"
                     *           },
                     *           "serials": null,
                     *           "lot": null,
                     *           "lots": null
                     *         }
                     *       ],
                     *       "createdAt": "2026-01-15T09:30:00.000Z",
                     *       "createdBy": {
                     *         "userId": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *         "keyId": "7c9e6679-7425-40de-944b-e07fc1f90ae7"
                     *       },
                     *       "completedAt": null,
                     *       "completedBy": null,
                     *       "rejectedAt": null,
                     *       "rejectedBy": null,
                     *       "cancelledAt": null,
                     *       "cancelledBy": null,
                     *       "revertedAt": null,
                     *       "revertedBy": null,
                     *       "fromLocation": {
                     *         "id": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *         "name": "text",
                     *         "type": "warehouse"
                     *       },
                     *       "toLocation": {
                     *         "id": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *         "name": "text",
                     *         "type": "warehouse"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Transfer"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    listJobs: {
        parameters: {
            query?: {
                /** @description Statuses (repeated or comma-separated); default: every status */
                status?: ("open" | "completed" | "cancelled" | "reverted")[] | string;
                /** @description Jobs taking stock from any of these locations (their source, or a line's own location) */
                locationId?: string[] | string;
                /** @description Jobs with a line of any of these items */
                itemId?: string[] | string;
                /** @description The job with this externalRef */
                externalRef?: string;
                /** @description Scheduled at or after this time (jobs without a schedule never match) */
                scheduledFrom?: string;
                /** @description Scheduled at or before this time (jobs without a schedule never match) */
                scheduledTo?: string;
                /** @description Sort field; default createdAt (ties broken by id) */
                sortBy?: "createdAt";
                /** @description Default desc (newest first) */
                sortOrder?: "asc" | "desc";
                /** @description Page number, from 1 (default 1); not together with cursor */
                page?: number;
                /** @description Items per page, 1 to 200 (default 50) */
                pageSize?: number;
                /** @description Opaque keyset cursor from the Link rel="next" header of the previous page: the next page starts right after that page's last row, however deep, and rows added meanwhile neither repeat nor shift it. Only valid with the same workspace, path and filters (400 otherwise); not together with page. */
                cursor?: string;
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
            /** @description Jobs */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Total-Count": components["headers"]["X-Total-Count"];
                    Link: components["headers"]["Link"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "id": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *         "externalRef": "WO-2026-0117",
                     *         "name": "Boiler service, 12 Elm St",
                     *         "status": "open",
                     *         "sourceLocationId": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *         "scheduledAt": "2026-01-15T09:30:00.000Z",
                     *         "note": "text",
                     *         "currency": "USD",
                     *         "markupPercent": 25,
                     *         "taxPercent": 8.875,
                     *         "taxIncluded": true,
                     *         "lines": [
                     *           {
                     *             "id": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *             "itemId": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *             "item": {
                     *               "id": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *               "sku": "text",
                     *               "description": "text",
                     *               "trackStock": true
                     *             },
                     *             "locationId": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *             "planned": 12.5,
                     *             "reserved": 12.5,
                     *             "used": 12.5,
                     *             "billable": true,
                     *             "unitCost": 12.5,
                     *             "unitPrice": 12.5,
                     *             "note": "text",
                     *             "serials": null,
                     *             "lot": null,
                     *             "lots": null
                     *           }
                     *         ],
                     *         "totals": {
                     *           "cost": 12.5,
                     *           "price": 12.5,
                     *           "tax": 12.5,
                     *           "total": 12.5
                     *         },
                     *         "createdAt": "2026-01-15T09:30:00.000Z",
                     *         "createdBy": {
                     *           "userId": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *           "keyId": "7c9e6679-7425-40de-944b-e07fc1f90ae7"
                     *         },
                     *         "updatedAt": "2026-01-15T09:30:00.000Z",
                     *         "updatedBy": {
                     *           "userId": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *           "keyId": "7c9e6679-7425-40de-944b-e07fc1f90ae7"
                     *         },
                     *         "completedAt": null,
                     *         "completedBy": null,
                     *         "cancelledAt": null,
                     *         "cancelledBy": null,
                     *         "revertedAt": null,
                     *         "revertedBy": null
                     *       }
                     *     ]
                     */
                    "application/json": components["schemas"]["Job"][];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    createJob: {
        parameters: {
            query?: {
                /** @description Workspace to act on. Required for full-access (sk_) keys; restricted (rk_) keys are bound to one workspace. */
                workspaceId?: string;
                /** @description Deprecated alternative to workspaceId: the workspace slug. */
                projectSlug?: string;
            };
            header?: {
                /** @description Optional `Idempotency-Key` header (1 to 255 printable ASCII characters), scoped to the workspace, the member and this endpoint. The key is stored in the same transaction as the effect, so a retry with the same key and body answers the original status and body (with `Idempotent-Replayed: true`), even after a crash between commit and reply; two concurrent requests with one key take effect once. The same key with a different body answers 409 conflict. Only successful requests store their key: a request that failed had no effect, so its retry runs again. Keys expire 24 hours after first use. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "Boiler service, 12 Elm St",
                 *       "externalRef": "WO-2026-0117",
                 *       "sourceLocationId": "9f1b7c3e-2d4a-4e8f-a6b5-1c0d3e2f4a5b",
                 *       "scheduledAt": "2026-12-01T08:00:00Z",
                 *       "note": "text",
                 *       "currency": "EUR",
                 *       "markupPercent": 25,
                 *       "taxPercent": 8.875,
                 *       "taxIncluded": true,
                 *       "lines": [
                 *         {
                 *           "itemId": "3d6f0a8e-5b21-4c7d-9e14-8a2b6c0f1d37",
                 *           "quantity": 2,
                 *           "locationId": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                 *           "billable": true,
                 *           "note": "text"
                 *         }
                 *       ],
                 *       "reserve": true
                 *     }
                 */
                "application/json": components["schemas"]["CreateJob"];
            };
        };
        responses: {
            /** @description The open job */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *       "externalRef": "WO-2026-0117",
                     *       "name": "Boiler service, 12 Elm St",
                     *       "status": "open",
                     *       "sourceLocationId": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *       "scheduledAt": "2026-01-15T09:30:00.000Z",
                     *       "note": "text",
                     *       "currency": "USD",
                     *       "markupPercent": 25,
                     *       "taxPercent": 8.875,
                     *       "taxIncluded": true,
                     *       "lines": [
                     *         {
                     *           "id": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *           "itemId": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *           "item": {
                     *             "id": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *             "sku": "text",
                     *             "description": "text",
                     *             "trackStock": true
                     *           },
                     *           "locationId": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *           "planned": 12.5,
                     *           "reserved": 12.5,
                     *           "used": 12.5,
                     *           "billable": true,
                     *           "unitCost": 12.5,
                     *           "unitPrice": 12.5,
                     *           "note": "text",
                     *           "serials": null,
                     *           "lot": null,
                     *           "lots": null
                     *         }
                     *       ],
                     *       "totals": {
                     *         "cost": 12.5,
                     *         "price": 12.5,
                     *         "tax": 12.5,
                     *         "total": 12.5
                     *       },
                     *       "createdAt": "2026-01-15T09:30:00.000Z",
                     *       "createdBy": {
                     *         "userId": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *         "keyId": "7c9e6679-7425-40de-944b-e07fc1f90ae7"
                     *       },
                     *       "updatedAt": "2026-01-15T09:30:00.000Z",
                     *       "updatedBy": {
                     *         "userId": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *         "keyId": "7c9e6679-7425-40de-944b-e07fc1f90ae7"
                     *       },
                     *       "completedAt": null,
                     *       "completedBy": null,
                     *       "cancelledAt": null,
                     *       "cancelledBy": null,
                     *       "revertedAt": null,
                     *       "revertedBy": null
                     *     }
                     */
                    "application/json": components["schemas"]["Job"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    getJob: {
        parameters: {
            query?: {
                /** @description Workspace to act on. Required for full-access (sk_) keys; restricted (rk_) keys are bound to one workspace. */
                workspaceId?: string;
                /** @description Deprecated alternative to workspaceId: the workspace slug. */
                projectSlug?: string;
            };
            header?: never;
            path: {
                /** @description Job ID, or ext_ followed by its externalRef */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The job */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *       "externalRef": "WO-2026-0117",
                     *       "name": "Boiler service, 12 Elm St",
                     *       "status": "open",
                     *       "sourceLocationId": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *       "scheduledAt": "2026-01-15T09:30:00.000Z",
                     *       "note": "text",
                     *       "currency": "USD",
                     *       "markupPercent": 25,
                     *       "taxPercent": 8.875,
                     *       "taxIncluded": true,
                     *       "lines": [
                     *         {
                     *           "id": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *           "itemId": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *           "item": {
                     *             "id": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *             "sku": "text",
                     *             "description": "text",
                     *             "trackStock": true
                     *           },
                     *           "locationId": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *           "planned": 12.5,
                     *           "reserved": 12.5,
                     *           "used": 12.5,
                     *           "billable": true,
                     *           "unitCost": 12.5,
                     *           "unitPrice": 12.5,
                     *           "note": "text",
                     *           "serials": null,
                     *           "lot": null,
                     *           "lots": null
                     *         }
                     *       ],
                     *       "totals": {
                     *         "cost": 12.5,
                     *         "price": 12.5,
                     *         "tax": 12.5,
                     *         "total": 12.5
                     *       },
                     *       "createdAt": "2026-01-15T09:30:00.000Z",
                     *       "createdBy": {
                     *         "userId": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *         "keyId": "7c9e6679-7425-40de-944b-e07fc1f90ae7"
                     *       },
                     *       "updatedAt": "2026-01-15T09:30:00.000Z",
                     *       "updatedBy": {
                     *         "userId": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *         "keyId": "7c9e6679-7425-40de-944b-e07fc1f90ae7"
                     *       },
                     *       "completedAt": null,
                     *       "completedBy": null,
                     *       "cancelledAt": null,
                     *       "cancelledBy": null,
                     *       "revertedAt": null,
                     *       "revertedBy": null
                     *     }
                     */
                    "application/json": components["schemas"]["Job"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    updateJob: {
        parameters: {
            query?: {
                /** @description Workspace to act on. Required for full-access (sk_) keys; restricted (rk_) keys are bound to one workspace. */
                workspaceId?: string;
                /** @description Deprecated alternative to workspaceId: the workspace slug. */
                projectSlug?: string;
            };
            header?: never;
            path: {
                /** @description Job ID, or ext_ followed by its externalRef */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "Boiler service, 12 Elm St",
                 *       "externalRef": "WO-2026-0117",
                 *       "sourceLocationId": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                 *       "scheduledAt": "2026-12-01T08:00:00Z",
                 *       "note": "text",
                 *       "currency": "EUR",
                 *       "markupPercent": 25,
                 *       "taxPercent": 8.875,
                 *       "taxIncluded": true,
                 *       "lines": [
                 *         {
                 *           "itemId": "3d6f0a8e-5b21-4c7d-9e14-8a2b6c0f1d37",
                 *           "quantity": 2,
                 *           "locationId": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                 *           "billable": true,
                 *           "note": "text"
                 *         }
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["UpdateJob"];
            };
        };
        responses: {
            /** @description The job */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *       "externalRef": "WO-2026-0117",
                     *       "name": "Boiler service, 12 Elm St",
                     *       "status": "open",
                     *       "sourceLocationId": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *       "scheduledAt": "2026-01-15T09:30:00.000Z",
                     *       "note": "text",
                     *       "currency": "USD",
                     *       "markupPercent": 25,
                     *       "taxPercent": 8.875,
                     *       "taxIncluded": true,
                     *       "lines": [
                     *         {
                     *           "id": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *           "itemId": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *           "item": {
                     *             "id": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *             "sku": "text",
                     *             "description": "text",
                     *             "trackStock": true
                     *           },
                     *           "locationId": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *           "planned": 12.5,
                     *           "reserved": 12.5,
                     *           "used": 12.5,
                     *           "billable": true,
                     *           "unitCost": 12.5,
                     *           "unitPrice": 12.5,
                     *           "note": "text",
                     *           "serials": null,
                     *           "lot": null,
                     *           "lots": null
                     *         }
                     *       ],
                     *       "totals": {
                     *         "cost": 12.5,
                     *         "price": 12.5,
                     *         "tax": 12.5,
                     *         "total": 12.5
                     *       },
                     *       "createdAt": "2026-01-15T09:30:00.000Z",
                     *       "createdBy": {
                     *         "userId": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *         "keyId": "7c9e6679-7425-40de-944b-e07fc1f90ae7"
                     *       },
                     *       "updatedAt": "2026-01-15T09:30:00.000Z",
                     *       "updatedBy": {
                     *         "userId": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *         "keyId": "7c9e6679-7425-40de-944b-e07fc1f90ae7"
                     *       },
                     *       "completedAt": null,
                     *       "completedBy": null,
                     *       "cancelledAt": null,
                     *       "cancelledBy": null,
                     *       "revertedAt": null,
                     *       "revertedBy": null
                     *     }
                     */
                    "application/json": components["schemas"]["Job"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    reserveJob: {
        parameters: {
            query?: {
                /** @description true: reserve what is available and list the shortages; default false: all or nothing (422 naming every shortage) */
                partial?: boolean;
                /** @description Workspace to act on. Required for full-access (sk_) keys; restricted (rk_) keys are bound to one workspace. */
                workspaceId?: string;
                /** @description Deprecated alternative to workspaceId: the workspace slug. */
                projectSlug?: string;
            };
            header?: {
                /** @description Optional `Idempotency-Key` header (1 to 255 printable ASCII characters), scoped to the workspace, the member and this endpoint. The key is stored in the same transaction as the effect, so a retry with the same key and body answers the original status and body (with `Idempotent-Replayed: true`), even after a crash between commit and reply; two concurrent requests with one key take effect once. The same key with a different body answers 409 conflict. Only successful requests store their key: a request that failed had no effect, so its retry runs again. Keys expire 24 hours after first use. */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description Job ID, or ext_ followed by its externalRef */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                /** @example {} */
                "application/json": Record<string, never>;
            };
        };
        responses: {
            /** @description The job and what could not be reserved */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "job": {
                     *         "id": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *         "externalRef": "WO-2026-0117",
                     *         "name": "Boiler service, 12 Elm St",
                     *         "status": "open",
                     *         "sourceLocationId": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *         "scheduledAt": "2026-01-15T09:30:00.000Z",
                     *         "note": "text",
                     *         "currency": "USD",
                     *         "markupPercent": 25,
                     *         "taxPercent": 8.875,
                     *         "taxIncluded": true,
                     *         "lines": [
                     *           {
                     *             "id": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *             "itemId": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *             "item": {
                     *               "id": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *               "sku": "text",
                     *               "description": "text",
                     *               "trackStock": true
                     *             },
                     *             "locationId": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *             "planned": 12.5,
                     *             "reserved": 12.5,
                     *             "used": 12.5,
                     *             "billable": true,
                     *             "unitCost": 12.5,
                     *             "unitPrice": 12.5,
                     *             "note": "text",
                     *             "serials": null,
                     *             "lot": null,
                     *             "lots": null
                     *           }
                     *         ],
                     *         "totals": {
                     *           "cost": 12.5,
                     *           "price": 12.5,
                     *           "tax": 12.5,
                     *           "total": 12.5
                     *         },
                     *         "createdAt": "2026-01-15T09:30:00.000Z",
                     *         "createdBy": {
                     *           "userId": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *           "keyId": "7c9e6679-7425-40de-944b-e07fc1f90ae7"
                     *         },
                     *         "updatedAt": "2026-01-15T09:30:00.000Z",
                     *         "updatedBy": {
                     *           "userId": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *           "keyId": "7c9e6679-7425-40de-944b-e07fc1f90ae7"
                     *         },
                     *         "completedAt": null,
                     *         "completedBy": null,
                     *         "cancelledAt": null,
                     *         "cancelledBy": null,
                     *         "revertedAt": null,
                     *         "revertedBy": null
                     *       },
                     *       "shortages": [
                     *         {
                     *           "lineId": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *           "itemId": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *           "sku": "text",
                     *           "locationId": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *           "requested": 12.5,
                     *           "available": 12.5
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["JobReservation"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    releaseJob: {
        parameters: {
            query?: {
                /** @description Workspace to act on. Required for full-access (sk_) keys; restricted (rk_) keys are bound to one workspace. */
                workspaceId?: string;
                /** @description Deprecated alternative to workspaceId: the workspace slug. */
                projectSlug?: string;
            };
            header?: {
                /** @description Optional `Idempotency-Key` header (1 to 255 printable ASCII characters), scoped to the workspace, the member and this endpoint. The key is stored in the same transaction as the effect, so a retry with the same key and body answers the original status and body (with `Idempotent-Replayed: true`), even after a crash between commit and reply; two concurrent requests with one key take effect once. The same key with a different body answers 409 conflict. Only successful requests store their key: a request that failed had no effect, so its retry runs again. Keys expire 24 hours after first use. */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description Job ID, or ext_ followed by its externalRef */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                /** @example {} */
                "application/json": Record<string, never>;
            };
        };
        responses: {
            /** @description The job */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *       "externalRef": "WO-2026-0117",
                     *       "name": "Boiler service, 12 Elm St",
                     *       "status": "open",
                     *       "sourceLocationId": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *       "scheduledAt": "2026-01-15T09:30:00.000Z",
                     *       "note": "text",
                     *       "currency": "USD",
                     *       "markupPercent": 25,
                     *       "taxPercent": 8.875,
                     *       "taxIncluded": true,
                     *       "lines": [
                     *         {
                     *           "id": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *           "itemId": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *           "item": {
                     *             "id": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *             "sku": "text",
                     *             "description": "text",
                     *             "trackStock": true
                     *           },
                     *           "locationId": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *           "planned": 12.5,
                     *           "reserved": 12.5,
                     *           "used": 12.5,
                     *           "billable": true,
                     *           "unitCost": 12.5,
                     *           "unitPrice": 12.5,
                     *           "note": "text",
                     *           "serials": null,
                     *           "lot": null,
                     *           "lots": null
                     *         }
                     *       ],
                     *       "totals": {
                     *         "cost": 12.5,
                     *         "price": 12.5,
                     *         "tax": 12.5,
                     *         "total": 12.5
                     *       },
                     *       "createdAt": "2026-01-15T09:30:00.000Z",
                     *       "createdBy": {
                     *         "userId": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *         "keyId": "7c9e6679-7425-40de-944b-e07fc1f90ae7"
                     *       },
                     *       "updatedAt": "2026-01-15T09:30:00.000Z",
                     *       "updatedBy": {
                     *         "userId": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *         "keyId": "7c9e6679-7425-40de-944b-e07fc1f90ae7"
                     *       },
                     *       "completedAt": null,
                     *       "completedBy": null,
                     *       "cancelledAt": null,
                     *       "cancelledBy": null,
                     *       "revertedAt": null,
                     *       "revertedBy": null
                     *     }
                     */
                    "application/json": components["schemas"]["Job"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    completeJob: {
        parameters: {
            query?: {
                /** @description Workspace to act on. Required for full-access (sk_) keys; restricted (rk_) keys are bound to one workspace. */
                workspaceId?: string;
                /** @description Deprecated alternative to workspaceId: the workspace slug. */
                projectSlug?: string;
            };
            header?: {
                /** @description Optional `Idempotency-Key` header (1 to 255 printable ASCII characters), scoped to the workspace, the member and this endpoint. The key is stored in the same transaction as the effect, so a retry with the same key and body answers the original status and body (with `Idempotent-Replayed: true`), even after a crash between commit and reply; two concurrent requests with one key take effect once. The same key with a different body answers 409 conflict. Only successful requests store their key: a request that failed had no effect, so its retry runs again. Keys expire 24 hours after first use. */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description Job ID, or ext_ followed by its externalRef */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "used": [
                 *         {
                 *           "itemId": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                 *           "quantity": 1,
                 *           "locationId": "7c9e6679-7425-40de-944b-e07fc1f90ae7"
                 *         }
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["CompleteJob"];
            };
        };
        responses: {
            /** @description The job, now completed */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *       "externalRef": "WO-2026-0117",
                     *       "name": "Boiler service, 12 Elm St",
                     *       "status": "open",
                     *       "sourceLocationId": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *       "scheduledAt": "2026-01-15T09:30:00.000Z",
                     *       "note": "text",
                     *       "currency": "USD",
                     *       "markupPercent": 25,
                     *       "taxPercent": 8.875,
                     *       "taxIncluded": true,
                     *       "lines": [
                     *         {
                     *           "id": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *           "itemId": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *           "item": {
                     *             "id": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *             "sku": "text",
                     *             "description": "text",
                     *             "trackStock": true
                     *           },
                     *           "locationId": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *           "planned": 12.5,
                     *           "reserved": 12.5,
                     *           "used": 12.5,
                     *           "billable": true,
                     *           "unitCost": 12.5,
                     *           "unitPrice": 12.5,
                     *           "note": "text",
                     *           "serials": null,
                     *           "lot": null,
                     *           "lots": null
                     *         }
                     *       ],
                     *       "totals": {
                     *         "cost": 12.5,
                     *         "price": 12.5,
                     *         "tax": 12.5,
                     *         "total": 12.5
                     *       },
                     *       "createdAt": "2026-01-15T09:30:00.000Z",
                     *       "createdBy": {
                     *         "userId": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *         "keyId": "7c9e6679-7425-40de-944b-e07fc1f90ae7"
                     *       },
                     *       "updatedAt": "2026-01-15T09:30:00.000Z",
                     *       "updatedBy": {
                     *         "userId": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *         "keyId": "7c9e6679-7425-40de-944b-e07fc1f90ae7"
                     *       },
                     *       "completedAt": null,
                     *       "completedBy": null,
                     *       "cancelledAt": null,
                     *       "cancelledBy": null,
                     *       "revertedAt": null,
                     *       "revertedBy": null
                     *     }
                     */
                    "application/json": components["schemas"]["Job"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    cancelJob: {
        parameters: {
            query?: {
                /** @description Workspace to act on. Required for full-access (sk_) keys; restricted (rk_) keys are bound to one workspace. */
                workspaceId?: string;
                /** @description Deprecated alternative to workspaceId: the workspace slug. */
                projectSlug?: string;
            };
            header?: {
                /** @description Optional `Idempotency-Key` header (1 to 255 printable ASCII characters), scoped to the workspace, the member and this endpoint. The key is stored in the same transaction as the effect, so a retry with the same key and body answers the original status and body (with `Idempotent-Replayed: true`), even after a crash between commit and reply; two concurrent requests with one key take effect once. The same key with a different body answers 409 conflict. Only successful requests store their key: a request that failed had no effect, so its retry runs again. Keys expire 24 hours after first use. */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description Job ID, or ext_ followed by its externalRef */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                /** @example {} */
                "application/json": Record<string, never>;
            };
        };
        responses: {
            /** @description The job, now cancelled */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *       "externalRef": "WO-2026-0117",
                     *       "name": "Boiler service, 12 Elm St",
                     *       "status": "open",
                     *       "sourceLocationId": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *       "scheduledAt": "2026-01-15T09:30:00.000Z",
                     *       "note": "text",
                     *       "currency": "USD",
                     *       "markupPercent": 25,
                     *       "taxPercent": 8.875,
                     *       "taxIncluded": true,
                     *       "lines": [
                     *         {
                     *           "id": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *           "itemId": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *           "item": {
                     *             "id": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *             "sku": "text",
                     *             "description": "text",
                     *             "trackStock": true
                     *           },
                     *           "locationId": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *           "planned": 12.5,
                     *           "reserved": 12.5,
                     *           "used": 12.5,
                     *           "billable": true,
                     *           "unitCost": 12.5,
                     *           "unitPrice": 12.5,
                     *           "note": "text",
                     *           "serials": null,
                     *           "lot": null,
                     *           "lots": null
                     *         }
                     *       ],
                     *       "totals": {
                     *         "cost": 12.5,
                     *         "price": 12.5,
                     *         "tax": 12.5,
                     *         "total": 12.5
                     *       },
                     *       "createdAt": "2026-01-15T09:30:00.000Z",
                     *       "createdBy": {
                     *         "userId": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *         "keyId": "7c9e6679-7425-40de-944b-e07fc1f90ae7"
                     *       },
                     *       "updatedAt": "2026-01-15T09:30:00.000Z",
                     *       "updatedBy": {
                     *         "userId": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *         "keyId": "7c9e6679-7425-40de-944b-e07fc1f90ae7"
                     *       },
                     *       "completedAt": null,
                     *       "completedBy": null,
                     *       "cancelledAt": null,
                     *       "cancelledBy": null,
                     *       "revertedAt": null,
                     *       "revertedBy": null
                     *     }
                     */
                    "application/json": components["schemas"]["Job"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    revertJob: {
        parameters: {
            query?: {
                /** @description Workspace to act on. Required for full-access (sk_) keys; restricted (rk_) keys are bound to one workspace. */
                workspaceId?: string;
                /** @description Deprecated alternative to workspaceId: the workspace slug. */
                projectSlug?: string;
            };
            header?: {
                /** @description Optional `Idempotency-Key` header (1 to 255 printable ASCII characters), scoped to the workspace, the member and this endpoint. The key is stored in the same transaction as the effect, so a retry with the same key and body answers the original status and body (with `Idempotent-Replayed: true`), even after a crash between commit and reply; two concurrent requests with one key take effect once. The same key with a different body answers 409 conflict. Only successful requests store their key: a request that failed had no effect, so its retry runs again. Keys expire 24 hours after first use. */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description Job ID, or ext_ followed by its externalRef */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                /** @example {} */
                "application/json": Record<string, never>;
            };
        };
        responses: {
            /** @description The job, now reverted */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *       "externalRef": "WO-2026-0117",
                     *       "name": "Boiler service, 12 Elm St",
                     *       "status": "open",
                     *       "sourceLocationId": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *       "scheduledAt": "2026-01-15T09:30:00.000Z",
                     *       "note": "text",
                     *       "currency": "USD",
                     *       "markupPercent": 25,
                     *       "taxPercent": 8.875,
                     *       "taxIncluded": true,
                     *       "lines": [
                     *         {
                     *           "id": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *           "itemId": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *           "item": {
                     *             "id": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *             "sku": "text",
                     *             "description": "text",
                     *             "trackStock": true
                     *           },
                     *           "locationId": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *           "planned": 12.5,
                     *           "reserved": 12.5,
                     *           "used": 12.5,
                     *           "billable": true,
                     *           "unitCost": 12.5,
                     *           "unitPrice": 12.5,
                     *           "note": "text",
                     *           "serials": null,
                     *           "lot": null,
                     *           "lots": null
                     *         }
                     *       ],
                     *       "totals": {
                     *         "cost": 12.5,
                     *         "price": 12.5,
                     *         "tax": 12.5,
                     *         "total": 12.5
                     *       },
                     *       "createdAt": "2026-01-15T09:30:00.000Z",
                     *       "createdBy": {
                     *         "userId": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *         "keyId": "7c9e6679-7425-40de-944b-e07fc1f90ae7"
                     *       },
                     *       "updatedAt": "2026-01-15T09:30:00.000Z",
                     *       "updatedBy": {
                     *         "userId": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *         "keyId": "7c9e6679-7425-40de-944b-e07fc1f90ae7"
                     *       },
                     *       "completedAt": null,
                     *       "completedBy": null,
                     *       "cancelledAt": null,
                     *       "cancelledBy": null,
                     *       "revertedAt": null,
                     *       "revertedBy": null
                     *     }
                     */
                    "application/json": components["schemas"]["Job"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    listPurchaseOrders: {
        parameters: {
            query?: {
                /** @description Statuses (repeated or comma-separated); default: every status */
                status?: ("draft" | "ordered" | "partially_received" | "received" | "closed" | "cancelled")[] | string;
                /** @description Orders from any of these suppliers */
                supplierId?: string[] | string;
                /** @description Orders arriving at any of these locations */
                locationId?: string[] | string;
                /** @description Orders with a line of any of these items */
                itemId?: string[] | string;
                /** @description By createdAt (ties broken by id); default desc (newest first) */
                sortOrder?: "asc" | "desc";
                /** @description Page number, from 1 (default 1); not together with cursor */
                page?: number;
                /** @description Items per page, 1 to 200 (default 50) */
                pageSize?: number;
                /** @description Opaque keyset cursor from the Link rel="next" header of the previous page: the next page starts right after that page's last row, however deep, and rows added meanwhile neither repeat nor shift it. Only valid with the same workspace, path and filters (400 otherwise); not together with page. */
                cursor?: string;
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
            /** @description Purchase orders */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Total-Count": components["headers"]["X-Total-Count"];
                    Link: components["headers"]["Link"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "id": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *         "status": "draft",
                     *         "supplierId": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *         "supplier": {
                     *           "id": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *           "name": "text"
                     *         },
                     *         "locationId": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *         "location": {
                     *           "id": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *           "name": "text",
                     *           "type": "text"
                     *         },
                     *         "reference": "text",
                     *         "note": "text",
                     *         "externalRef": "text",
                     *         "expectedAt": "2026-01-15T09:30:00.000Z",
                     *         "origin": "manual",
                     *         "orderedValue": 52.5,
                     *         "receivedValue": 31.5,
                     *         "lines": [
                     *           {
                     *             "itemId": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *             "item": {
                     *               "id": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *               "sku": "text",
                     *               "description": "text"
                     *             },
                     *             "ordered": 10,
                     *             "received": 10,
                     *             "open": 10,
                     *             "unitCost": 5.25
                     *           }
                     *         ],
                     *         "createdAt": "2026-01-15T09:30:00.000Z",
                     *         "createdBy": {
                     *           "userId": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *           "keyId": "7c9e6679-7425-40de-944b-e07fc1f90ae7"
                     *         },
                     *         "updatedAt": "2026-01-15T09:30:00.000Z",
                     *         "submittedAt": "2026-01-15T09:30:00.000Z",
                     *         "receivedAt": "2026-01-15T09:30:00.000Z",
                     *         "closedAt": "2026-01-15T09:30:00.000Z",
                     *         "cancelledAt": "2026-01-15T09:30:00.000Z"
                     *       }
                     *     ]
                     */
                    "application/json": components["schemas"]["PurchaseOrder"][];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    createPurchaseOrder: {
        parameters: {
            query?: {
                /** @description Workspace to act on. Required for full-access (sk_) keys; restricted (rk_) keys are bound to one workspace. */
                workspaceId?: string;
                /** @description Deprecated alternative to workspaceId: the workspace slug. */
                projectSlug?: string;
            };
            header?: {
                /** @description Optional `Idempotency-Key` header (1 to 255 printable ASCII characters), scoped to the workspace, the member and this endpoint. The key is stored in the same transaction as the effect, so a retry with the same key and body answers the original status and body (with `Idempotent-Replayed: true`), even after a crash between commit and reply; two concurrent requests with one key take effect once. The same key with a different body answers 409 conflict. Only successful requests store their key: a request that failed had no effect, so its retry runs again. Keys expire 24 hours after first use. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "supplierId": "0b9d3f52-6a1e-4c8b-9f27-3e5a7d1c4b60",
                 *       "locationId": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                 *       "reference": "PO-2026-0042",
                 *       "expectedAt": "2026-12-03T08:00:00Z",
                 *       "note": "text",
                 *       "externalRef": "WO-2026-0117",
                 *       "lines": [
                 *         {
                 *           "itemId": "3d6f0a8e-5b21-4c7d-9e14-8a2b6c0f1d37",
                 *           "quantity": 10,
                 *           "unitCost": 5.25
                 *         }
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["CreatePurchaseOrder"];
            };
        };
        responses: {
            /** @description The draft order */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *       "status": "draft",
                     *       "supplierId": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *       "supplier": {
                     *         "id": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *         "name": "text"
                     *       },
                     *       "locationId": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *       "location": {
                     *         "id": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *         "name": "text",
                     *         "type": "text"
                     *       },
                     *       "reference": "text",
                     *       "note": "text",
                     *       "externalRef": "text",
                     *       "expectedAt": "2026-01-15T09:30:00.000Z",
                     *       "origin": "manual",
                     *       "orderedValue": 52.5,
                     *       "receivedValue": 31.5,
                     *       "lines": [
                     *         {
                     *           "itemId": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *           "item": {
                     *             "id": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *             "sku": "text",
                     *             "description": "text"
                     *           },
                     *           "ordered": 10,
                     *           "received": 10,
                     *           "open": 10,
                     *           "unitCost": 5.25
                     *         }
                     *       ],
                     *       "createdAt": "2026-01-15T09:30:00.000Z",
                     *       "createdBy": {
                     *         "userId": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *         "keyId": "7c9e6679-7425-40de-944b-e07fc1f90ae7"
                     *       },
                     *       "updatedAt": "2026-01-15T09:30:00.000Z",
                     *       "submittedAt": "2026-01-15T09:30:00.000Z",
                     *       "receivedAt": "2026-01-15T09:30:00.000Z",
                     *       "closedAt": "2026-01-15T09:30:00.000Z",
                     *       "cancelledAt": "2026-01-15T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["PurchaseOrder"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    getPurchaseOrder: {
        parameters: {
            query?: {
                /** @description Workspace to act on. Required for full-access (sk_) keys; restricted (rk_) keys are bound to one workspace. */
                workspaceId?: string;
                /** @description Deprecated alternative to workspaceId: the workspace slug. */
                projectSlug?: string;
            };
            header?: never;
            path: {
                /** @description Purchase order ID, or ext_ followed by its externalRef */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The order */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *       "status": "draft",
                     *       "supplierId": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *       "supplier": {
                     *         "id": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *         "name": "text"
                     *       },
                     *       "locationId": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *       "location": {
                     *         "id": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *         "name": "text",
                     *         "type": "text"
                     *       },
                     *       "reference": "text",
                     *       "note": "text",
                     *       "externalRef": "text",
                     *       "expectedAt": "2026-01-15T09:30:00.000Z",
                     *       "origin": "manual",
                     *       "orderedValue": 52.5,
                     *       "receivedValue": 31.5,
                     *       "lines": [
                     *         {
                     *           "itemId": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *           "item": {
                     *             "id": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *             "sku": "text",
                     *             "description": "text"
                     *           },
                     *           "ordered": 10,
                     *           "received": 10,
                     *           "open": 10,
                     *           "unitCost": 5.25
                     *         }
                     *       ],
                     *       "createdAt": "2026-01-15T09:30:00.000Z",
                     *       "createdBy": {
                     *         "userId": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *         "keyId": "7c9e6679-7425-40de-944b-e07fc1f90ae7"
                     *       },
                     *       "updatedAt": "2026-01-15T09:30:00.000Z",
                     *       "submittedAt": "2026-01-15T09:30:00.000Z",
                     *       "receivedAt": "2026-01-15T09:30:00.000Z",
                     *       "closedAt": "2026-01-15T09:30:00.000Z",
                     *       "cancelledAt": "2026-01-15T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["PurchaseOrder"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    updatePurchaseOrder: {
        parameters: {
            query?: {
                /** @description Workspace to act on. Required for full-access (sk_) keys; restricted (rk_) keys are bound to one workspace. */
                workspaceId?: string;
                /** @description Deprecated alternative to workspaceId: the workspace slug. */
                projectSlug?: string;
            };
            header?: never;
            path: {
                /** @description Purchase order ID, or ext_ followed by its externalRef */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "supplierId": "0b9d3f52-6a1e-4c8b-9f27-3e5a7d1c4b60",
                 *       "locationId": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                 *       "reference": "PO-2026-0042",
                 *       "expectedAt": "2026-12-03T08:00:00Z",
                 *       "note": "text",
                 *       "externalRef": "WO-2026-0117",
                 *       "lines": [
                 *         {
                 *           "itemId": "3d6f0a8e-5b21-4c7d-9e14-8a2b6c0f1d37",
                 *           "quantity": 10,
                 *           "unitCost": 5.25
                 *         }
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["UpdatePurchaseOrder"];
            };
        };
        responses: {
            /** @description The order */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *       "status": "draft",
                     *       "supplierId": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *       "supplier": {
                     *         "id": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *         "name": "text"
                     *       },
                     *       "locationId": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *       "location": {
                     *         "id": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *         "name": "text",
                     *         "type": "text"
                     *       },
                     *       "reference": "text",
                     *       "note": "text",
                     *       "externalRef": "text",
                     *       "expectedAt": "2026-01-15T09:30:00.000Z",
                     *       "origin": "manual",
                     *       "orderedValue": 52.5,
                     *       "receivedValue": 31.5,
                     *       "lines": [
                     *         {
                     *           "itemId": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *           "item": {
                     *             "id": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *             "sku": "text",
                     *             "description": "text"
                     *           },
                     *           "ordered": 10,
                     *           "received": 10,
                     *           "open": 10,
                     *           "unitCost": 5.25
                     *         }
                     *       ],
                     *       "createdAt": "2026-01-15T09:30:00.000Z",
                     *       "createdBy": {
                     *         "userId": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *         "keyId": "7c9e6679-7425-40de-944b-e07fc1f90ae7"
                     *       },
                     *       "updatedAt": "2026-01-15T09:30:00.000Z",
                     *       "submittedAt": "2026-01-15T09:30:00.000Z",
                     *       "receivedAt": "2026-01-15T09:30:00.000Z",
                     *       "closedAt": "2026-01-15T09:30:00.000Z",
                     *       "cancelledAt": "2026-01-15T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["PurchaseOrder"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    submitPurchaseOrder: {
        parameters: {
            query?: {
                /** @description Workspace to act on. Required for full-access (sk_) keys; restricted (rk_) keys are bound to one workspace. */
                workspaceId?: string;
                /** @description Deprecated alternative to workspaceId: the workspace slug. */
                projectSlug?: string;
            };
            header?: {
                /** @description Optional `Idempotency-Key` header (1 to 255 printable ASCII characters), scoped to the workspace, the member and this endpoint. The key is stored in the same transaction as the effect, so a retry with the same key and body answers the original status and body (with `Idempotent-Replayed: true`), even after a crash between commit and reply; two concurrent requests with one key take effect once. The same key with a different body answers 409 conflict. Only successful requests store their key: a request that failed had no effect, so its retry runs again. Keys expire 24 hours after first use. */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description Purchase order ID, or ext_ followed by its externalRef */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                /** @example {} */
                "application/json": components["schemas"]["NoPurchaseOrderFields"];
            };
        };
        responses: {
            /** @description The order */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *       "status": "draft",
                     *       "supplierId": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *       "supplier": {
                     *         "id": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *         "name": "text"
                     *       },
                     *       "locationId": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *       "location": {
                     *         "id": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *         "name": "text",
                     *         "type": "text"
                     *       },
                     *       "reference": "text",
                     *       "note": "text",
                     *       "externalRef": "text",
                     *       "expectedAt": "2026-01-15T09:30:00.000Z",
                     *       "origin": "manual",
                     *       "orderedValue": 52.5,
                     *       "receivedValue": 31.5,
                     *       "lines": [
                     *         {
                     *           "itemId": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *           "item": {
                     *             "id": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *             "sku": "text",
                     *             "description": "text"
                     *           },
                     *           "ordered": 10,
                     *           "received": 10,
                     *           "open": 10,
                     *           "unitCost": 5.25
                     *         }
                     *       ],
                     *       "createdAt": "2026-01-15T09:30:00.000Z",
                     *       "createdBy": {
                     *         "userId": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *         "keyId": "7c9e6679-7425-40de-944b-e07fc1f90ae7"
                     *       },
                     *       "updatedAt": "2026-01-15T09:30:00.000Z",
                     *       "submittedAt": "2026-01-15T09:30:00.000Z",
                     *       "receivedAt": "2026-01-15T09:30:00.000Z",
                     *       "closedAt": "2026-01-15T09:30:00.000Z",
                     *       "cancelledAt": "2026-01-15T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["PurchaseOrder"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    closePurchaseOrder: {
        parameters: {
            query?: {
                /** @description Workspace to act on. Required for full-access (sk_) keys; restricted (rk_) keys are bound to one workspace. */
                workspaceId?: string;
                /** @description Deprecated alternative to workspaceId: the workspace slug. */
                projectSlug?: string;
            };
            header?: {
                /** @description Optional `Idempotency-Key` header (1 to 255 printable ASCII characters), scoped to the workspace, the member and this endpoint. The key is stored in the same transaction as the effect, so a retry with the same key and body answers the original status and body (with `Idempotent-Replayed: true`), even after a crash between commit and reply; two concurrent requests with one key take effect once. The same key with a different body answers 409 conflict. Only successful requests store their key: a request that failed had no effect, so its retry runs again. Keys expire 24 hours after first use. */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description Purchase order ID, or ext_ followed by its externalRef */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                /** @example {} */
                "application/json": components["schemas"]["NoPurchaseOrderFields"];
            };
        };
        responses: {
            /** @description The order */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *       "status": "draft",
                     *       "supplierId": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *       "supplier": {
                     *         "id": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *         "name": "text"
                     *       },
                     *       "locationId": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *       "location": {
                     *         "id": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *         "name": "text",
                     *         "type": "text"
                     *       },
                     *       "reference": "text",
                     *       "note": "text",
                     *       "externalRef": "text",
                     *       "expectedAt": "2026-01-15T09:30:00.000Z",
                     *       "origin": "manual",
                     *       "orderedValue": 52.5,
                     *       "receivedValue": 31.5,
                     *       "lines": [
                     *         {
                     *           "itemId": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *           "item": {
                     *             "id": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *             "sku": "text",
                     *             "description": "text"
                     *           },
                     *           "ordered": 10,
                     *           "received": 10,
                     *           "open": 10,
                     *           "unitCost": 5.25
                     *         }
                     *       ],
                     *       "createdAt": "2026-01-15T09:30:00.000Z",
                     *       "createdBy": {
                     *         "userId": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *         "keyId": "7c9e6679-7425-40de-944b-e07fc1f90ae7"
                     *       },
                     *       "updatedAt": "2026-01-15T09:30:00.000Z",
                     *       "submittedAt": "2026-01-15T09:30:00.000Z",
                     *       "receivedAt": "2026-01-15T09:30:00.000Z",
                     *       "closedAt": "2026-01-15T09:30:00.000Z",
                     *       "cancelledAt": "2026-01-15T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["PurchaseOrder"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    cancelPurchaseOrder: {
        parameters: {
            query?: {
                /** @description Workspace to act on. Required for full-access (sk_) keys; restricted (rk_) keys are bound to one workspace. */
                workspaceId?: string;
                /** @description Deprecated alternative to workspaceId: the workspace slug. */
                projectSlug?: string;
            };
            header?: {
                /** @description Optional `Idempotency-Key` header (1 to 255 printable ASCII characters), scoped to the workspace, the member and this endpoint. The key is stored in the same transaction as the effect, so a retry with the same key and body answers the original status and body (with `Idempotent-Replayed: true`), even after a crash between commit and reply; two concurrent requests with one key take effect once. The same key with a different body answers 409 conflict. Only successful requests store their key: a request that failed had no effect, so its retry runs again. Keys expire 24 hours after first use. */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description Purchase order ID, or ext_ followed by its externalRef */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                /** @example {} */
                "application/json": components["schemas"]["NoPurchaseOrderFields"];
            };
        };
        responses: {
            /** @description The order */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *       "status": "draft",
                     *       "supplierId": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *       "supplier": {
                     *         "id": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *         "name": "text"
                     *       },
                     *       "locationId": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *       "location": {
                     *         "id": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *         "name": "text",
                     *         "type": "text"
                     *       },
                     *       "reference": "text",
                     *       "note": "text",
                     *       "externalRef": "text",
                     *       "expectedAt": "2026-01-15T09:30:00.000Z",
                     *       "origin": "manual",
                     *       "orderedValue": 52.5,
                     *       "receivedValue": 31.5,
                     *       "lines": [
                     *         {
                     *           "itemId": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *           "item": {
                     *             "id": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *             "sku": "text",
                     *             "description": "text"
                     *           },
                     *           "ordered": 10,
                     *           "received": 10,
                     *           "open": 10,
                     *           "unitCost": 5.25
                     *         }
                     *       ],
                     *       "createdAt": "2026-01-15T09:30:00.000Z",
                     *       "createdBy": {
                     *         "userId": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *         "keyId": "7c9e6679-7425-40de-944b-e07fc1f90ae7"
                     *       },
                     *       "updatedAt": "2026-01-15T09:30:00.000Z",
                     *       "submittedAt": "2026-01-15T09:30:00.000Z",
                     *       "receivedAt": "2026-01-15T09:30:00.000Z",
                     *       "closedAt": "2026-01-15T09:30:00.000Z",
                     *       "cancelledAt": "2026-01-15T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["PurchaseOrder"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    listPurchaseOrderReceipts: {
        parameters: {
            query?: {
                /** @description Workspace to act on. Required for full-access (sk_) keys; restricted (rk_) keys are bound to one workspace. */
                workspaceId?: string;
                /** @description Deprecated alternative to workspaceId: the workspace slug. */
                projectSlug?: string;
            };
            header?: never;
            path: {
                /** @description Purchase order ID, or ext_ followed by its externalRef */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Receipts */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "id": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *         "purchaseOrderId": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *         "lines": [
                     *           {
                     *             "itemId": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *             "quantity": 10,
                     *             "unitCost": 10,
                     *             "orderedUnitCost": 180,
                     *             "serials": null,
                     *             "lot": null,
                     *             "expiresOn": null,
                     *             "priceVariancePercent": 0
                     *           }
                     *         ],
                     *         "warnings": [],
                     *         "reference": "text",
                     *         "note": "text",
                     *         "createdAt": "2026-01-15T09:30:00.000Z",
                     *         "revertedAt": null,
                     *         "costVariance": null
                     *       }
                     *     ]
                     */
                    "application/json": components["schemas"]["PurchaseOrderReceipt"][];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    receivePurchaseOrder: {
        parameters: {
            query?: {
                /** @description Workspace to act on. Required for full-access (sk_) keys; restricted (rk_) keys are bound to one workspace. */
                workspaceId?: string;
                /** @description Deprecated alternative to workspaceId: the workspace slug. */
                projectSlug?: string;
            };
            header?: {
                /** @description Optional `Idempotency-Key` header (1 to 255 printable ASCII characters), scoped to the workspace, the member and this endpoint. The key is stored in the same transaction as the effect, so a retry with the same key and body answers the original status and body (with `Idempotent-Replayed: true`), even after a crash between commit and reply; two concurrent requests with one key take effect once. The same key with a different body answers 409 conflict. Only successful requests store their key: a request that failed had no effect, so its retry runs again. Keys expire 24 hours after first use. */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description Purchase order ID, or ext_ followed by its externalRef */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "lines": [
                 *         {
                 *           "itemId": "3d6f0a8e-5b21-4c7d-9e14-8a2b6c0f1d37",
                 *           "quantity": 10,
                 *           "unitCost": 5.25
                 *         }
                 *       ],
                 *       "reference": "PO-2026-0042",
                 *       "note": "text"
                 *     }
                 */
                "application/json": components["schemas"]["ReceivePurchaseOrder"];
            };
        };
        responses: {
            /** @description The receipt */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *       "purchaseOrderId": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *       "lines": [
                     *         {
                     *           "itemId": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *           "quantity": 10,
                     *           "unitCost": 10,
                     *           "orderedUnitCost": 180,
                     *           "serials": null,
                     *           "lot": null,
                     *           "expiresOn": null,
                     *           "priceVariancePercent": 0
                     *         }
                     *       ],
                     *       "warnings": [],
                     *       "reference": "text",
                     *       "note": "text",
                     *       "createdAt": "2026-01-15T09:30:00.000Z",
                     *       "revertedAt": null,
                     *       "costVariance": null
                     *     }
                     */
                    "application/json": components["schemas"]["PurchaseOrderReceipt"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    revertPurchaseOrderReceipt: {
        parameters: {
            query?: {
                /** @description Workspace to act on. Required for full-access (sk_) keys; restricted (rk_) keys are bound to one workspace. */
                workspaceId?: string;
                /** @description Deprecated alternative to workspaceId: the workspace slug. */
                projectSlug?: string;
            };
            header?: {
                /** @description Optional `Idempotency-Key` header (1 to 255 printable ASCII characters), scoped to the workspace, the member and this endpoint. The key is stored in the same transaction as the effect, so a retry with the same key and body answers the original status and body (with `Idempotent-Replayed: true`), even after a crash between commit and reply; two concurrent requests with one key take effect once. The same key with a different body answers 409 conflict. Only successful requests store their key: a request that failed had no effect, so its retry runs again. Keys expire 24 hours after first use. */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description Purchase order ID, or ext_ followed by its externalRef */
                id: string;
                /** @description Receipt ID */
                receiptId: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                /** @example {} */
                "application/json": components["schemas"]["NoPurchaseOrderFields"];
            };
        };
        responses: {
            /** @description The receipt, now reverted */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *       "purchaseOrderId": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *       "lines": [
                     *         {
                     *           "itemId": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *           "quantity": 10,
                     *           "unitCost": 10,
                     *           "orderedUnitCost": 180,
                     *           "serials": null,
                     *           "lot": null,
                     *           "expiresOn": null,
                     *           "priceVariancePercent": 0
                     *         }
                     *       ],
                     *       "warnings": [],
                     *       "reference": "text",
                     *       "note": "text",
                     *       "createdAt": "2026-01-15T09:30:00.000Z",
                     *       "revertedAt": null,
                     *       "costVariance": null
                     *     }
                     */
                    "application/json": components["schemas"]["PurchaseOrderReceipt"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    getValuation: {
        parameters: {
            query?: {
                /** @description Item IDs (repeated or comma-separated) */
                itemId?: string[] | string;
                /** @description Location IDs (repeated or comma-separated) */
                locationId?: string[] | string;
                /** @description An ISO 8601 instant with its offset (2026-11-30T23:59:59Z): the stock as of then, movements created at that very instant included, at the average cost in force then. Default and any instant not in the past: now */
                asOf?: string;
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
            /** @description The valuation */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "rows": [
                     *         {
                     *           "itemId": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *           "item": {
                     *             "id": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *             "sku": "text",
                     *             "description": "text"
                     *           },
                     *           "locationId": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *           "location": {
                     *             "id": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *             "name": "text"
                     *           },
                     *           "onHand": 12,
                     *           "averageCost": 5.666667,
                     *           "value": 68
                     *         }
                     *       ],
                     *       "totals": {
                     *         "onHand": 12,
                     *         "value": 68
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Valuation"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    listRevaluations: {
        parameters: {
            query?: {
                /** @description Item IDs (repeated or comma-separated); default every item */
                itemId?: string[] | string;
                /** @description Page number, from 1 (default 1); not together with cursor */
                page?: number;
                /** @description Items per page, 1 to 200 (default 50) */
                pageSize?: number;
                /** @description Opaque keyset cursor from the Link rel="next" header of the previous page: the next page starts right after that page's last row, however deep, and rows added meanwhile neither repeat nor shift it. Only valid with the same workspace, path and filters (400 otherwise); not together with page. */
                cursor?: string;
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
            /** @description Revaluations */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Total-Count": components["headers"]["X-Total-Count"];
                    Link: components["headers"]["Link"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "id": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *         "itemId": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *         "averageCostBefore": 888,
                     *         "averageCost": 180,
                     *         "onHand": 4,
                     *         "valueChange": -2832,
                     *         "reason": "text",
                     *         "note": "text",
                     *         "createdAt": "2026-01-15T09:30:00.000Z",
                     *         "createdBy": {
                     *           "userId": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *           "keyId": "7c9e6679-7425-40de-944b-e07fc1f90ae7"
                     *         }
                     *       }
                     *     ]
                     */
                    "application/json": components["schemas"]["Revaluation"][];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    revalueItem: {
        parameters: {
            query?: {
                /** @description Workspace to act on. Required for full-access (sk_) keys; restricted (rk_) keys are bound to one workspace. */
                workspaceId?: string;
                /** @description Deprecated alternative to workspaceId: the workspace slug. */
                projectSlug?: string;
            };
            header?: {
                /** @description Optional `Idempotency-Key` header (1 to 255 printable ASCII characters), scoped to the workspace, the member and this endpoint. The key is stored in the same transaction as the effect, so a retry with the same key and body answers the original status and body (with `Idempotent-Replayed: true`), even after a crash between commit and reply; two concurrent requests with one key take effect once. The same key with a different body answers 409 conflict. Only successful requests store their key: a request that failed had no effect, so its retry runs again. Keys expire 24 hours after first use. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "itemId": "3d6f0a8e-5b21-4c7d-9e14-8a2b6c0f1d37",
                 *       "averageCost": 180,
                 *       "reason": "Receipt keyed at 1950 instead of 180",
                 *       "note": "text"
                 *     }
                 */
                "application/json": components["schemas"]["Revalue"];
            };
        };
        responses: {
            /** @description The revaluation */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *       "itemId": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *       "averageCostBefore": 888,
                     *       "averageCost": 180,
                     *       "onHand": 4,
                     *       "valueChange": -2832,
                     *       "reason": "text",
                     *       "note": "text",
                     *       "createdAt": "2026-01-15T09:30:00.000Z",
                     *       "createdBy": {
                     *         "userId": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *         "keyId": "7c9e6679-7425-40de-944b-e07fc1f90ae7"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Revaluation"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    listSerials: {
        parameters: {
            query?: {
                /** @description Item IDs (repeated or comma-separated) */
                itemId?: string[] | string;
                /** @description Where the serials are, or last were (repeated or comma-separated) */
                locationId?: string[] | string;
                /** @description Statuses (repeated or comma-separated) */
                status?: ("in_stock" | "used" | "written_off" | "returned")[] | string;
                /** @description A scan: the serial, compared ignoring case and surrounding spaces, across items (with or without itemId) */
                serial?: string;
                /** @description Page number, from 1 (default 1); not together with cursor */
                page?: number;
                /** @description Items per page, 1 to 200 (default 50) */
                pageSize?: number;
                /** @description Opaque keyset cursor from the Link rel="next" header of the previous page: the next page starts right after that page's last row, however deep, and rows added meanwhile neither repeat nor shift it. Only valid with the same workspace, path and filters (400 otherwise); not together with page. */
                cursor?: string;
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
            /** @description Serials */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Total-Count": components["headers"]["X-Total-Count"];
                    Link: components["headers"]["Link"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "itemId": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *         "sku": "text",
                     *         "serial": "WH-40-221873",
                     *         "status": "in_stock",
                     *         "locationId": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *         "locationName": "text",
                     *         "jobId": null,
                     *         "heldBy": null,
                     *         "receivedAt": "2026-01-15T09:30:00.000Z",
                     *         "lastMovedAt": "2026-01-15T09:30:00.000Z"
                     *       }
                     *     ]
                     */
                    "application/json": components["schemas"]["Serial"][];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    listLots: {
        parameters: {
            query?: {
                /** @description Item IDs (repeated or comma-separated) */
                itemId?: string[] | string;
                /** @description Location IDs (repeated or comma-separated) */
                locationId?: string[] | string;
                /** @description Lots expiring before this day (YYYY-MM-DD); lots without an expiry never match */
                expiringBefore?: string;
                /** @description Page number, from 1 (default 1); not together with cursor */
                page?: number;
                /** @description Items per page, 1 to 200 (default 50) */
                pageSize?: number;
                /** @description Opaque keyset cursor from the Link rel="next" header of the previous page: the next page starts right after that page's last row, however deep, and rows added meanwhile neither repeat nor shift it. Only valid with the same workspace, path and filters (400 otherwise); not together with page. */
                cursor?: string;
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
            /** @description Lots */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "X-Total-Count": components["headers"]["X-Total-Count"];
                    Link: components["headers"]["Link"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "itemId": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *         "sku": "text",
                     *         "lot": "L2026-118",
                     *         "locationId": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *         "locationName": "text",
                     *         "onHand": 12,
                     *         "reserved": 0,
                     *         "expiresOn": "2027-06-30"
                     *       }
                     *     ]
                     */
                    "application/json": components["schemas"]["Lot"][];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    exportBalances: {
        parameters: {
            query?: {
                /** @description true: start the file with a UTF-8 byte-order mark, so that Excel reads it as UTF-8 */
                bom?: boolean;
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
            /** @description The balances */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example locationId,location,itemId,sku,description,onHand,reserved,available
                     *     …
                     */
                    "text/csv": string;
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    exportMovements: {
        parameters: {
            query?: {
                /** @description Movements at or after this time (default: the first) */
                from?: string;
                /** @description Movements before this time (default: now) */
                to?: string;
                /** @description Only this location */
                locationId?: string;
                /** @description Only this item */
                itemId?: string;
                /** @description true: start the file with a UTF-8 byte-order mark, so that Excel reads it as UTF-8 */
                bom?: boolean;
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
            /** @description The movements */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example createdAt,id,type,reason,locationId,location,itemId,sku,quantity,balanceAfter,transferId,reference,note,userId,jobId,unitCost,purchaseOrderId,receiptId,serials,lot
                     *     …
                     */
                    "text/csv": string;
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    exportValuation: {
        parameters: {
            query?: {
                /** @description Item IDs (repeated or comma-separated) */
                itemId?: string[] | string;
                /** @description Location IDs (repeated or comma-separated) */
                locationId?: string[] | string;
                /** @description An ISO 8601 instant with its offset (2026-11-30T23:59:59Z): the stock as of then, movements created at that very instant included, at the average cost in force then. Default and any instant not in the past: now */
                asOf?: string;
                /** @description true: start the file with a UTF-8 byte-order mark, so that Excel reads it as UTF-8 */
                bom?: boolean;
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
            /** @description The valuation */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example itemId,sku,description,locationId,location,onHand,averageCost,value
                     *     …
                     */
                    "text/csv": string;
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    listWebhooks: {
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
        requestBody?: never;
        responses: {
            /** @description Webhook endpoints */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "id": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *         "url": "https://hooks.example.com/inventory",
                     *         "events": [
                     *           "transfer.*",
                     *           "stock.below_par"
                     *         ],
                     *         "description": "text",
                     *         "enabled": true,
                     *         "disabledReason": null,
                     *         "createdAt": "2026-01-15T09:30:00.000Z",
                     *         "updatedAt": "2026-01-15T09:30:00.000Z"
                     *       }
                     *     ]
                     */
                    "application/json": components["schemas"]["WebhookEndpoint"][];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    createWebhook: {
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
                /**
                 * @example {
                 *       "url": "https://hooks.example.com/inventory",
                 *       "events": [
                 *         "transfer.*",
                 *         "stock.below_par"
                 *       ],
                 *       "description": "Refill planner",
                 *       "enabled": true
                 *     }
                 */
                "application/json": {
                    /**
                     * @description https:// (http:// only where the deployment allows it), at most 2048 characters, no credentials or fragment; its host must not be or resolve to a loopback, private, link-local, CGNAT, multicast or otherwise reserved address
                     * @example https://hooks.example.com/inventory
                     */
                    url: string;
                    /**
                     * @description Event types (transfer.completed) or wildcards over a prefix (transfer.*); empty: every event. At most 50 entries, each once. Default: [].
                     * @example [
                     *       "transfer.*",
                     *       "stock.below_par"
                     *     ]
                     */
                    events?: string[];
                    /**
                     * @description At most 500 characters. Default: "".
                     * @example Refill planner
                     */
                    description?: string;
                    /** @description Default true */
                    enabled?: boolean;
                };
            };
        };
        responses: {
            /** @description The endpoint, with its signing secret */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *       "url": "https://hooks.example.com/inventory",
                     *       "events": [
                     *         "transfer.*",
                     *         "stock.below_par"
                     *       ],
                     *       "description": "text",
                     *       "enabled": true,
                     *       "disabledReason": null,
                     *       "createdAt": "2026-01-15T09:30:00.000Z",
                     *       "updatedAt": "2026-01-15T09:30:00.000Z",
                     *       "secret": "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"
                     *     }
                     */
                    "application/json": components["schemas"]["WebhookEndpointWithSecret"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    getWebhook: {
        parameters: {
            query?: {
                /** @description Workspace to act on. Required for full-access (sk_) keys; restricted (rk_) keys are bound to one workspace. */
                workspaceId?: string;
                /** @description Deprecated alternative to workspaceId: the workspace slug. */
                projectSlug?: string;
            };
            header?: never;
            path: {
                /** @description Webhook endpoint ID */
                webhookId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The endpoint */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *       "url": "https://hooks.example.com/inventory",
                     *       "events": [
                     *         "transfer.*",
                     *         "stock.below_par"
                     *       ],
                     *       "description": "text",
                     *       "enabled": true,
                     *       "disabledReason": null,
                     *       "createdAt": "2026-01-15T09:30:00.000Z",
                     *       "updatedAt": "2026-01-15T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["WebhookEndpoint"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    deleteWebhook: {
        parameters: {
            query?: {
                /** @description Workspace to act on. Required for full-access (sk_) keys; restricted (rk_) keys are bound to one workspace. */
                workspaceId?: string;
                /** @description Deprecated alternative to workspaceId: the workspace slug. */
                projectSlug?: string;
            };
            header?: never;
            path: {
                /** @description Webhook endpoint ID */
                webhookId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted */
            204: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    updateWebhook: {
        parameters: {
            query?: {
                /** @description Workspace to act on. Required for full-access (sk_) keys; restricted (rk_) keys are bound to one workspace. */
                workspaceId?: string;
                /** @description Deprecated alternative to workspaceId: the workspace slug. */
                projectSlug?: string;
            };
            header?: never;
            path: {
                /** @description Webhook endpoint ID */
                webhookId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "enabled": true
                 *     }
                 */
                "application/json": {
                    /**
                     * @description https:// (http:// only where the deployment allows it), at most 2048 characters, no credentials or fragment; its host must not be or resolve to a loopback, private, link-local, CGNAT, multicast or otherwise reserved address
                     * @example https://hooks.example.com/inventory
                     */
                    url?: string;
                    /**
                     * @description Event types (transfer.completed) or wildcards over a prefix (transfer.*); empty: every event. At most 50 entries, each once.
                     * @example [
                     *       "transfer.*",
                     *       "stock.below_par"
                     *     ]
                     */
                    events?: string[];
                    /**
                     * @description At most 500 characters
                     * @example Refill planner
                     */
                    description?: string;
                    /** @description true re-enables an endpoint that was disabled (its disabledReason is cleared and its pending messages resume); false pauses it */
                    enabled?: boolean;
                };
            };
        };
        responses: {
            /** @description The endpoint */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *       "url": "https://hooks.example.com/inventory",
                     *       "events": [
                     *         "transfer.*",
                     *         "stock.below_par"
                     *       ],
                     *       "description": "text",
                     *       "enabled": true,
                     *       "disabledReason": null,
                     *       "createdAt": "2026-01-15T09:30:00.000Z",
                     *       "updatedAt": "2026-01-15T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["WebhookEndpoint"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    rotateWebhookSecret: {
        parameters: {
            query?: {
                /** @description Workspace to act on. Required for full-access (sk_) keys; restricted (rk_) keys are bound to one workspace. */
                workspaceId?: string;
                /** @description Deprecated alternative to workspaceId: the workspace slug. */
                projectSlug?: string;
            };
            header?: never;
            path: {
                /** @description Webhook endpoint ID */
                webhookId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The new secret */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "secret": "whsec_C2FVsBQIhrscChlQIMV+b5sSYspob7oD",
                     *       "previousSecretExpiresAt": "2026-01-15T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["RotatedWebhookSecret"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    testWebhook: {
        parameters: {
            query?: {
                /** @description Workspace to act on. Required for full-access (sk_) keys; restricted (rk_) keys are bound to one workspace. */
                workspaceId?: string;
                /** @description Deprecated alternative to workspaceId: the workspace slug. */
                projectSlug?: string;
            };
            header?: never;
            path: {
                /** @description Webhook endpoint ID */
                webhookId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The queued delivery */
            202: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *       "eventId": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *       "eventType": "transfer.completed",
                     *       "status": "pending",
                     *       "attemptCount": 1,
                     *       "nextAttemptAt": "2026-01-15T09:30:00.000Z",
                     *       "createdAt": "2026-01-15T09:30:00.000Z",
                     *       "finishedAt": "2026-01-15T09:30:00.000Z",
                     *       "attempts": [
                     *         {
                     *           "attemptedAt": "2026-01-15T09:30:00.000Z",
                     *           "statusCode": 200,
                     *           "durationMs": 1,
                     *           "error": null,
                     *           "response": "ok"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["WebhookDelivery"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    listWebhookDeliveries: {
        parameters: {
            query?: {
                /** @description Only deliveries in this status: pending, succeeded or failed */
                status?: "pending" | "succeeded" | "failed";
                /** @description Only deliveries of these event types (repeated or comma-separated) */
                eventType?: ("transfer.pending" | "transfer.completed" | "transfer.rejected" | "transfer.cancelled" | "transfer.reverted" | "stock.changed" | "stock.below_par" | "stock.par_restored" | "item.created" | "item.updated" | "item.deleted" | "item.stock_low" | "item.stock_out" | "item.stock_ok" | "location.created" | "location.updated" | "location.deleted" | "import.completed" | "import.failed" | "job.completed" | "job.cancelled" | "job.reverted" | "purchase_order.submitted" | "purchase_order.received" | "purchase_order.closed" | "purchase_order.cancelled" | "purchase_order.receipt_reverted" | "webhook.test")[] | string;
                /** @description Items per page, 1 to 200 (default 50) */
                pageSize?: number;
                /** @description Opaque keyset cursor from the Link rel="next" header of the previous page: the next page starts right after that page's last row, however deep, and rows added meanwhile neither repeat nor shift it. Only valid with the same workspace, path and filters (400 otherwise); not together with page. */
                cursor?: string;
                /** @description Workspace to act on. Required for full-access (sk_) keys; restricted (rk_) keys are bound to one workspace. */
                workspaceId?: string;
                /** @description Deprecated alternative to workspaceId: the workspace slug. */
                projectSlug?: string;
            };
            header?: never;
            path: {
                /** @description Webhook endpoint ID */
                webhookId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deliveries */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    Link: components["headers"]["Link"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "id": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *         "eventId": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *         "eventType": "transfer.completed",
                     *         "status": "pending",
                     *         "attemptCount": 1,
                     *         "nextAttemptAt": "2026-01-15T09:30:00.000Z",
                     *         "createdAt": "2026-01-15T09:30:00.000Z",
                     *         "finishedAt": "2026-01-15T09:30:00.000Z",
                     *         "attempts": [
                     *           {
                     *             "attemptedAt": "2026-01-15T09:30:00.000Z",
                     *             "statusCode": 200,
                     *             "durationMs": 1,
                     *             "error": null,
                     *             "response": "ok"
                     *           }
                     *         ]
                     *       }
                     *     ]
                     */
                    "application/json": components["schemas"]["WebhookDelivery"][];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    getWebhookDelivery: {
        parameters: {
            query?: {
                /** @description Workspace to act on. Required for full-access (sk_) keys; restricted (rk_) keys are bound to one workspace. */
                workspaceId?: string;
                /** @description Deprecated alternative to workspaceId: the workspace slug. */
                projectSlug?: string;
            };
            header?: never;
            path: {
                /** @description Webhook endpoint ID */
                webhookId: string;
                /** @description Delivery ID (the webhook-id of its attempts) */
                deliveryId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The delivery */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *       "eventId": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *       "eventType": "transfer.completed",
                     *       "status": "pending",
                     *       "attemptCount": 1,
                     *       "nextAttemptAt": "2026-01-15T09:30:00.000Z",
                     *       "createdAt": "2026-01-15T09:30:00.000Z",
                     *       "finishedAt": "2026-01-15T09:30:00.000Z",
                     *       "attempts": [
                     *         {
                     *           "attemptedAt": "2026-01-15T09:30:00.000Z",
                     *           "statusCode": 200,
                     *           "durationMs": 1,
                     *           "error": null,
                     *           "response": "ok"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["WebhookDelivery"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    retryWebhookDelivery: {
        parameters: {
            query?: {
                /** @description Workspace to act on. Required for full-access (sk_) keys; restricted (rk_) keys are bound to one workspace. */
                workspaceId?: string;
                /** @description Deprecated alternative to workspaceId: the workspace slug. */
                projectSlug?: string;
            };
            header?: never;
            path: {
                /** @description Webhook endpoint ID */
                webhookId: string;
                /** @description Delivery ID (the webhook-id of its attempts) */
                deliveryId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The queued delivery */
            202: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *       "eventId": "7c9e6679-7425-40de-944b-e07fc1f90ae7",
                     *       "eventType": "transfer.completed",
                     *       "status": "pending",
                     *       "attemptCount": 1,
                     *       "nextAttemptAt": "2026-01-15T09:30:00.000Z",
                     *       "createdAt": "2026-01-15T09:30:00.000Z",
                     *       "finishedAt": "2026-01-15T09:30:00.000Z",
                     *       "attempts": [
                     *         {
                     *           "attemptedAt": "2026-01-15T09:30:00.000Z",
                     *           "statusCode": 200,
                     *           "durationMs": 1,
                     *           "error": null,
                     *           "response": "ok"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["WebhookDelivery"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalServerError"];
        };
    };
    webhook_transfer_pending: {
        parameters: {
            query?: never;
            header: {
                /** @description The message id: the same on every retry of this delivery; de-duplicate on it. */
                "webhook-id": string;
                /** @description Unix seconds of this attempt; refuse one far from your clock (5 minutes) against replays. */
                "webhook-timestamp": string;
                /** @description v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<body>" keyed with the secret's bytes>; two, space-separated, for 24 hours after a secret rotation. Verify with a Standard Webhooks library. */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WebhookEvent"] & {
                    /** @constant */
                    type?: "transfer.pending";
                    data?: components["schemas"]["Transfer"];
                };
            };
        };
        responses: {
            /** @description Any 2xx within 10 seconds acknowledges the delivery; anything else (a redirect included) is retried. 410 Gone disables the endpoint. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_transfer_completed: {
        parameters: {
            query?: never;
            header: {
                /** @description The message id: the same on every retry of this delivery; de-duplicate on it. */
                "webhook-id": string;
                /** @description Unix seconds of this attempt; refuse one far from your clock (5 minutes) against replays. */
                "webhook-timestamp": string;
                /** @description v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<body>" keyed with the secret's bytes>; two, space-separated, for 24 hours after a secret rotation. Verify with a Standard Webhooks library. */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WebhookEvent"] & {
                    /** @constant */
                    type?: "transfer.completed";
                    data?: components["schemas"]["Transfer"];
                };
            };
        };
        responses: {
            /** @description Any 2xx within 10 seconds acknowledges the delivery; anything else (a redirect included) is retried. 410 Gone disables the endpoint. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_transfer_rejected: {
        parameters: {
            query?: never;
            header: {
                /** @description The message id: the same on every retry of this delivery; de-duplicate on it. */
                "webhook-id": string;
                /** @description Unix seconds of this attempt; refuse one far from your clock (5 minutes) against replays. */
                "webhook-timestamp": string;
                /** @description v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<body>" keyed with the secret's bytes>; two, space-separated, for 24 hours after a secret rotation. Verify with a Standard Webhooks library. */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WebhookEvent"] & {
                    /** @constant */
                    type?: "transfer.rejected";
                    data?: components["schemas"]["Transfer"];
                };
            };
        };
        responses: {
            /** @description Any 2xx within 10 seconds acknowledges the delivery; anything else (a redirect included) is retried. 410 Gone disables the endpoint. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_transfer_cancelled: {
        parameters: {
            query?: never;
            header: {
                /** @description The message id: the same on every retry of this delivery; de-duplicate on it. */
                "webhook-id": string;
                /** @description Unix seconds of this attempt; refuse one far from your clock (5 minutes) against replays. */
                "webhook-timestamp": string;
                /** @description v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<body>" keyed with the secret's bytes>; two, space-separated, for 24 hours after a secret rotation. Verify with a Standard Webhooks library. */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WebhookEvent"] & {
                    /** @constant */
                    type?: "transfer.cancelled";
                    data?: components["schemas"]["Transfer"];
                };
            };
        };
        responses: {
            /** @description Any 2xx within 10 seconds acknowledges the delivery; anything else (a redirect included) is retried. 410 Gone disables the endpoint. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_transfer_reverted: {
        parameters: {
            query?: never;
            header: {
                /** @description The message id: the same on every retry of this delivery; de-duplicate on it. */
                "webhook-id": string;
                /** @description Unix seconds of this attempt; refuse one far from your clock (5 minutes) against replays. */
                "webhook-timestamp": string;
                /** @description v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<body>" keyed with the secret's bytes>; two, space-separated, for 24 hours after a secret rotation. Verify with a Standard Webhooks library. */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WebhookEvent"] & {
                    /** @constant */
                    type?: "transfer.reverted";
                    data?: components["schemas"]["Transfer"];
                };
            };
        };
        responses: {
            /** @description Any 2xx within 10 seconds acknowledges the delivery; anything else (a redirect included) is retried. 410 Gone disables the endpoint. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_stock_changed: {
        parameters: {
            query?: never;
            header: {
                /** @description The message id: the same on every retry of this delivery; de-duplicate on it. */
                "webhook-id": string;
                /** @description Unix seconds of this attempt; refuse one far from your clock (5 minutes) against replays. */
                "webhook-timestamp": string;
                /** @description v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<body>" keyed with the secret's bytes>; two, space-separated, for 24 hours after a secret rotation. Verify with a Standard Webhooks library. */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WebhookEvent"] & {
                    /** @constant */
                    type?: "stock.changed";
                    data?: components["schemas"]["StockChangedEventData"];
                };
            };
        };
        responses: {
            /** @description Any 2xx within 10 seconds acknowledges the delivery; anything else (a redirect included) is retried. 410 Gone disables the endpoint. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_stock_below_par: {
        parameters: {
            query?: never;
            header: {
                /** @description The message id: the same on every retry of this delivery; de-duplicate on it. */
                "webhook-id": string;
                /** @description Unix seconds of this attempt; refuse one far from your clock (5 minutes) against replays. */
                "webhook-timestamp": string;
                /** @description v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<body>" keyed with the secret's bytes>; two, space-separated, for 24 hours after a secret rotation. Verify with a Standard Webhooks library. */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WebhookEvent"] & {
                    /** @constant */
                    type?: "stock.below_par";
                    data?: components["schemas"]["ParAlertEventData"];
                };
            };
        };
        responses: {
            /** @description Any 2xx within 10 seconds acknowledges the delivery; anything else (a redirect included) is retried. 410 Gone disables the endpoint. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_stock_par_restored: {
        parameters: {
            query?: never;
            header: {
                /** @description The message id: the same on every retry of this delivery; de-duplicate on it. */
                "webhook-id": string;
                /** @description Unix seconds of this attempt; refuse one far from your clock (5 minutes) against replays. */
                "webhook-timestamp": string;
                /** @description v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<body>" keyed with the secret's bytes>; two, space-separated, for 24 hours after a secret rotation. Verify with a Standard Webhooks library. */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WebhookEvent"] & {
                    /** @constant */
                    type?: "stock.par_restored";
                    data?: components["schemas"]["ParAlertEventData"];
                };
            };
        };
        responses: {
            /** @description Any 2xx within 10 seconds acknowledges the delivery; anything else (a redirect included) is retried. 410 Gone disables the endpoint. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_item_created: {
        parameters: {
            query?: never;
            header: {
                /** @description The message id: the same on every retry of this delivery; de-duplicate on it. */
                "webhook-id": string;
                /** @description Unix seconds of this attempt; refuse one far from your clock (5 minutes) against replays. */
                "webhook-timestamp": string;
                /** @description v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<body>" keyed with the secret's bytes>; two, space-separated, for 24 hours after a secret rotation. Verify with a Standard Webhooks library. */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WebhookEvent"] & {
                    /** @constant */
                    type?: "item.created";
                    data?: components["schemas"]["Item"];
                };
            };
        };
        responses: {
            /** @description Any 2xx within 10 seconds acknowledges the delivery; anything else (a redirect included) is retried. 410 Gone disables the endpoint. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_item_updated: {
        parameters: {
            query?: never;
            header: {
                /** @description The message id: the same on every retry of this delivery; de-duplicate on it. */
                "webhook-id": string;
                /** @description Unix seconds of this attempt; refuse one far from your clock (5 minutes) against replays. */
                "webhook-timestamp": string;
                /** @description v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<body>" keyed with the secret's bytes>; two, space-separated, for 24 hours after a secret rotation. Verify with a Standard Webhooks library. */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WebhookEvent"] & {
                    /** @constant */
                    type?: "item.updated";
                    data?: components["schemas"]["Item"];
                };
            };
        };
        responses: {
            /** @description Any 2xx within 10 seconds acknowledges the delivery; anything else (a redirect included) is retried. 410 Gone disables the endpoint. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_item_deleted: {
        parameters: {
            query?: never;
            header: {
                /** @description The message id: the same on every retry of this delivery; de-duplicate on it. */
                "webhook-id": string;
                /** @description Unix seconds of this attempt; refuse one far from your clock (5 minutes) against replays. */
                "webhook-timestamp": string;
                /** @description v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<body>" keyed with the secret's bytes>; two, space-separated, for 24 hours after a secret rotation. Verify with a Standard Webhooks library. */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WebhookEvent"] & {
                    /** @constant */
                    type?: "item.deleted";
                    data?: components["schemas"]["Item"];
                };
            };
        };
        responses: {
            /** @description Any 2xx within 10 seconds acknowledges the delivery; anything else (a redirect included) is retried. 410 Gone disables the endpoint. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_item_stock_low: {
        parameters: {
            query?: never;
            header: {
                /** @description The message id: the same on every retry of this delivery; de-duplicate on it. */
                "webhook-id": string;
                /** @description Unix seconds of this attempt; refuse one far from your clock (5 minutes) against replays. */
                "webhook-timestamp": string;
                /** @description v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<body>" keyed with the secret's bytes>; two, space-separated, for 24 hours after a secret rotation. Verify with a Standard Webhooks library. */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WebhookEvent"] & {
                    /** @constant */
                    type?: "item.stock_low";
                    data?: components["schemas"]["ItemStockAlertEventData"];
                };
            };
        };
        responses: {
            /** @description Any 2xx within 10 seconds acknowledges the delivery; anything else (a redirect included) is retried. 410 Gone disables the endpoint. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_item_stock_out: {
        parameters: {
            query?: never;
            header: {
                /** @description The message id: the same on every retry of this delivery; de-duplicate on it. */
                "webhook-id": string;
                /** @description Unix seconds of this attempt; refuse one far from your clock (5 minutes) against replays. */
                "webhook-timestamp": string;
                /** @description v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<body>" keyed with the secret's bytes>; two, space-separated, for 24 hours after a secret rotation. Verify with a Standard Webhooks library. */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WebhookEvent"] & {
                    /** @constant */
                    type?: "item.stock_out";
                    data?: components["schemas"]["ItemStockAlertEventData"];
                };
            };
        };
        responses: {
            /** @description Any 2xx within 10 seconds acknowledges the delivery; anything else (a redirect included) is retried. 410 Gone disables the endpoint. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_item_stock_ok: {
        parameters: {
            query?: never;
            header: {
                /** @description The message id: the same on every retry of this delivery; de-duplicate on it. */
                "webhook-id": string;
                /** @description Unix seconds of this attempt; refuse one far from your clock (5 minutes) against replays. */
                "webhook-timestamp": string;
                /** @description v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<body>" keyed with the secret's bytes>; two, space-separated, for 24 hours after a secret rotation. Verify with a Standard Webhooks library. */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WebhookEvent"] & {
                    /** @constant */
                    type?: "item.stock_ok";
                    data?: components["schemas"]["ItemStockAlertEventData"];
                };
            };
        };
        responses: {
            /** @description Any 2xx within 10 seconds acknowledges the delivery; anything else (a redirect included) is retried. 410 Gone disables the endpoint. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_location_created: {
        parameters: {
            query?: never;
            header: {
                /** @description The message id: the same on every retry of this delivery; de-duplicate on it. */
                "webhook-id": string;
                /** @description Unix seconds of this attempt; refuse one far from your clock (5 minutes) against replays. */
                "webhook-timestamp": string;
                /** @description v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<body>" keyed with the secret's bytes>; two, space-separated, for 24 hours after a secret rotation. Verify with a Standard Webhooks library. */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WebhookEvent"] & {
                    /** @constant */
                    type?: "location.created";
                    data?: components["schemas"]["Location"];
                };
            };
        };
        responses: {
            /** @description Any 2xx within 10 seconds acknowledges the delivery; anything else (a redirect included) is retried. 410 Gone disables the endpoint. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_location_updated: {
        parameters: {
            query?: never;
            header: {
                /** @description The message id: the same on every retry of this delivery; de-duplicate on it. */
                "webhook-id": string;
                /** @description Unix seconds of this attempt; refuse one far from your clock (5 minutes) against replays. */
                "webhook-timestamp": string;
                /** @description v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<body>" keyed with the secret's bytes>; two, space-separated, for 24 hours after a secret rotation. Verify with a Standard Webhooks library. */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WebhookEvent"] & {
                    /** @constant */
                    type?: "location.updated";
                    data?: components["schemas"]["Location"];
                };
            };
        };
        responses: {
            /** @description Any 2xx within 10 seconds acknowledges the delivery; anything else (a redirect included) is retried. 410 Gone disables the endpoint. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_location_deleted: {
        parameters: {
            query?: never;
            header: {
                /** @description The message id: the same on every retry of this delivery; de-duplicate on it. */
                "webhook-id": string;
                /** @description Unix seconds of this attempt; refuse one far from your clock (5 minutes) against replays. */
                "webhook-timestamp": string;
                /** @description v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<body>" keyed with the secret's bytes>; two, space-separated, for 24 hours after a secret rotation. Verify with a Standard Webhooks library. */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WebhookEvent"] & {
                    /** @constant */
                    type?: "location.deleted";
                    data?: components["schemas"]["Location"];
                };
            };
        };
        responses: {
            /** @description Any 2xx within 10 seconds acknowledges the delivery; anything else (a redirect included) is retried. 410 Gone disables the endpoint. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_import_completed: {
        parameters: {
            query?: never;
            header: {
                /** @description The message id: the same on every retry of this delivery; de-duplicate on it. */
                "webhook-id": string;
                /** @description Unix seconds of this attempt; refuse one far from your clock (5 minutes) against replays. */
                "webhook-timestamp": string;
                /** @description v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<body>" keyed with the secret's bytes>; two, space-separated, for 24 hours after a secret rotation. Verify with a Standard Webhooks library. */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WebhookEvent"] & {
                    /** @constant */
                    type?: "import.completed";
                    data?: components["schemas"]["Import"];
                };
            };
        };
        responses: {
            /** @description Any 2xx within 10 seconds acknowledges the delivery; anything else (a redirect included) is retried. 410 Gone disables the endpoint. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_import_failed: {
        parameters: {
            query?: never;
            header: {
                /** @description The message id: the same on every retry of this delivery; de-duplicate on it. */
                "webhook-id": string;
                /** @description Unix seconds of this attempt; refuse one far from your clock (5 minutes) against replays. */
                "webhook-timestamp": string;
                /** @description v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<body>" keyed with the secret's bytes>; two, space-separated, for 24 hours after a secret rotation. Verify with a Standard Webhooks library. */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WebhookEvent"] & {
                    /** @constant */
                    type?: "import.failed";
                    data?: components["schemas"]["Import"];
                };
            };
        };
        responses: {
            /** @description Any 2xx within 10 seconds acknowledges the delivery; anything else (a redirect included) is retried. 410 Gone disables the endpoint. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_job_completed: {
        parameters: {
            query?: never;
            header: {
                /** @description The message id: the same on every retry of this delivery; de-duplicate on it. */
                "webhook-id": string;
                /** @description Unix seconds of this attempt; refuse one far from your clock (5 minutes) against replays. */
                "webhook-timestamp": string;
                /** @description v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<body>" keyed with the secret's bytes>; two, space-separated, for 24 hours after a secret rotation. Verify with a Standard Webhooks library. */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WebhookEvent"] & {
                    /** @constant */
                    type?: "job.completed";
                    data?: components["schemas"]["Job"];
                };
            };
        };
        responses: {
            /** @description Any 2xx within 10 seconds acknowledges the delivery; anything else (a redirect included) is retried. 410 Gone disables the endpoint. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_job_cancelled: {
        parameters: {
            query?: never;
            header: {
                /** @description The message id: the same on every retry of this delivery; de-duplicate on it. */
                "webhook-id": string;
                /** @description Unix seconds of this attempt; refuse one far from your clock (5 minutes) against replays. */
                "webhook-timestamp": string;
                /** @description v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<body>" keyed with the secret's bytes>; two, space-separated, for 24 hours after a secret rotation. Verify with a Standard Webhooks library. */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WebhookEvent"] & {
                    /** @constant */
                    type?: "job.cancelled";
                    data?: components["schemas"]["Job"];
                };
            };
        };
        responses: {
            /** @description Any 2xx within 10 seconds acknowledges the delivery; anything else (a redirect included) is retried. 410 Gone disables the endpoint. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_job_reverted: {
        parameters: {
            query?: never;
            header: {
                /** @description The message id: the same on every retry of this delivery; de-duplicate on it. */
                "webhook-id": string;
                /** @description Unix seconds of this attempt; refuse one far from your clock (5 minutes) against replays. */
                "webhook-timestamp": string;
                /** @description v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<body>" keyed with the secret's bytes>; two, space-separated, for 24 hours after a secret rotation. Verify with a Standard Webhooks library. */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WebhookEvent"] & {
                    /** @constant */
                    type?: "job.reverted";
                    data?: components["schemas"]["Job"];
                };
            };
        };
        responses: {
            /** @description Any 2xx within 10 seconds acknowledges the delivery; anything else (a redirect included) is retried. 410 Gone disables the endpoint. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_purchase_order_submitted: {
        parameters: {
            query?: never;
            header: {
                /** @description The message id: the same on every retry of this delivery; de-duplicate on it. */
                "webhook-id": string;
                /** @description Unix seconds of this attempt; refuse one far from your clock (5 minutes) against replays. */
                "webhook-timestamp": string;
                /** @description v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<body>" keyed with the secret's bytes>; two, space-separated, for 24 hours after a secret rotation. Verify with a Standard Webhooks library. */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WebhookEvent"] & {
                    /** @constant */
                    type?: "purchase_order.submitted";
                    data?: components["schemas"]["PurchaseOrder"];
                };
            };
        };
        responses: {
            /** @description Any 2xx within 10 seconds acknowledges the delivery; anything else (a redirect included) is retried. 410 Gone disables the endpoint. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_purchase_order_received: {
        parameters: {
            query?: never;
            header: {
                /** @description The message id: the same on every retry of this delivery; de-duplicate on it. */
                "webhook-id": string;
                /** @description Unix seconds of this attempt; refuse one far from your clock (5 minutes) against replays. */
                "webhook-timestamp": string;
                /** @description v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<body>" keyed with the secret's bytes>; two, space-separated, for 24 hours after a secret rotation. Verify with a Standard Webhooks library. */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WebhookEvent"] & {
                    /** @constant */
                    type?: "purchase_order.received";
                    data?: components["schemas"]["PurchaseOrderReceivedEventData"];
                };
            };
        };
        responses: {
            /** @description Any 2xx within 10 seconds acknowledges the delivery; anything else (a redirect included) is retried. 410 Gone disables the endpoint. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_purchase_order_closed: {
        parameters: {
            query?: never;
            header: {
                /** @description The message id: the same on every retry of this delivery; de-duplicate on it. */
                "webhook-id": string;
                /** @description Unix seconds of this attempt; refuse one far from your clock (5 minutes) against replays. */
                "webhook-timestamp": string;
                /** @description v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<body>" keyed with the secret's bytes>; two, space-separated, for 24 hours after a secret rotation. Verify with a Standard Webhooks library. */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WebhookEvent"] & {
                    /** @constant */
                    type?: "purchase_order.closed";
                    data?: components["schemas"]["PurchaseOrder"];
                };
            };
        };
        responses: {
            /** @description Any 2xx within 10 seconds acknowledges the delivery; anything else (a redirect included) is retried. 410 Gone disables the endpoint. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_purchase_order_cancelled: {
        parameters: {
            query?: never;
            header: {
                /** @description The message id: the same on every retry of this delivery; de-duplicate on it. */
                "webhook-id": string;
                /** @description Unix seconds of this attempt; refuse one far from your clock (5 minutes) against replays. */
                "webhook-timestamp": string;
                /** @description v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<body>" keyed with the secret's bytes>; two, space-separated, for 24 hours after a secret rotation. Verify with a Standard Webhooks library. */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WebhookEvent"] & {
                    /** @constant */
                    type?: "purchase_order.cancelled";
                    data?: components["schemas"]["PurchaseOrder"];
                };
            };
        };
        responses: {
            /** @description Any 2xx within 10 seconds acknowledges the delivery; anything else (a redirect included) is retried. 410 Gone disables the endpoint. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_purchase_order_receipt_reverted: {
        parameters: {
            query?: never;
            header: {
                /** @description The message id: the same on every retry of this delivery; de-duplicate on it. */
                "webhook-id": string;
                /** @description Unix seconds of this attempt; refuse one far from your clock (5 minutes) against replays. */
                "webhook-timestamp": string;
                /** @description v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<body>" keyed with the secret's bytes>; two, space-separated, for 24 hours after a secret rotation. Verify with a Standard Webhooks library. */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WebhookEvent"] & {
                    /** @constant */
                    type?: "purchase_order.receipt_reverted";
                    data?: components["schemas"]["PurchaseOrderReceiptRevertedEventData"];
                };
            };
        };
        responses: {
            /** @description Any 2xx within 10 seconds acknowledges the delivery; anything else (a redirect included) is retried. 410 Gone disables the endpoint. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_webhook_test: {
        parameters: {
            query?: never;
            header: {
                /** @description The message id: the same on every retry of this delivery; de-duplicate on it. */
                "webhook-id": string;
                /** @description Unix seconds of this attempt; refuse one far from your clock (5 minutes) against replays. */
                "webhook-timestamp": string;
                /** @description v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<body>" keyed with the secret's bytes>; two, space-separated, for 24 hours after a secret rotation. Verify with a Standard Webhooks library. */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WebhookEvent"] & {
                    /** @constant */
                    type?: "webhook.test";
                    data?: components["schemas"]["WebhookTestEventData"];
                };
            };
        };
        responses: {
            /** @description Any 2xx within 10 seconds acknowledges the delivery; anything else (a redirect included) is retried. 410 Gone disables the endpoint. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
}
