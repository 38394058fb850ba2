/*
 * Generated from the Kadr API's OpenAPI document (GET /api/v1/openapi.json) by openapi-typescript:
 * run `npm run generate -w @kadr/client`, never edit by hand. A test regenerates it from the
 * server's document and fails when the two differ (apps/server/src/client-schema.test.ts).
 */

export interface paths {
    "/api/v1/models": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description Every model and finishing tool the key may run (a key with allowed models: those only), from the catalogue: parameters, price rule, the least it costs, typical time, and whether it is available now. Texts in the request language (`Accept-Language`). */
        get: operations["listModels"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/styles": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description The style presets: pass an `id` as `style` on a create or an estimate. A style adds words to the prompt the model reads (after translation) and nothing to the price; it suits the models it lists. Texts in the request language (`Accept-Language`). */
        get: operations["listStyles"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/estimate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** @description What a create with this very body would cost now, and the balance: it takes every field a create takes and refuses what the create would refuse (a bad `webhook_url`, an unknown `style`). A model outside the key's allowed list is 403 `forbidden`, as its create would be. With `extend`, the clip is checked as the create would check it, and the price is the model's own. */
        post: operations["estimate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/generations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description The key owner's generations (made in the studio or with any key), newest first. Pass `next_cursor` as `cursor` for the next page; it is null on the last. */
        get: operations["listGenerations"];
        put?: never;
        /** @description Charge the catalogue price and start a generation (the model's type decides image or video; a tool makes an image). Answers 201 with the pending generation. With an `Idempotency-Key` header, the same key and body again answers the same generation with 200 and charges nothing; another body with that key is 409 `idempotency_key_reused`. Refused before anything is charged: a model outside the key's allowed list (403 `forbidden`), the key's spend limits (402 `spend_limit_daily` / `spend_limit_monthly`, with `limit`, `spent`, `resets_at`), the balance (402 `insufficient_tokens`). `extend` (one of the owner's finished videos) continues that clip: a model that starts from a picture starts from the clip's last frame, priced as any of its generations; once it is made, Kadr joins the clip and the continuation into a new generation of model `join` (free, listed by `GET /generations`, its `source_id` the clip). Another person's or an unfinished clip, or a model that cannot continue one, is 400 `invalid_request` naming `extend` or `model`. A talking character (model `omni-human`) takes `parameters.image` (a picture of the owner's) and `parameters.audio` (a recording from `POST /recordings`): the video lasts as long as the recording and costs its seconds, rounded up; it takes no `duration`. */
        post: operations["createGeneration"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/joins": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** @description Join 2 to 6 of the key owner's finished videos (`clips[].id`, their generation ids), in order, into one MP4 (H.264 + AAC, at the first clip's size): each clip trimmed from `start_ms` to `end_ms` (milliseconds; the whole clip when absent; at least 500 ms kept), with an optional `crossfade_ms` between clips (0, a straight cut, by default; at most 2000 and shorter than every clip); at most 2 minutes in all. Its length is the kept lengths less one cross-fade per cut. It is Kadr's own work, not a model's: free (cost 0, no statement entry, nothing counted against the key's spend limits) and allowed with every key, whatever its allowed models. Answers 201 with the pending generation of model `join` (its `source_id` is the first clip); wait for it and download its output as any generation's. `Idempotency-Key` as a create: the same key and body again answers the same join with 200; another body with that key is 409 `idempotency_key_reused`. A clip that is not one of the owner's finished videos, too few or too many clips, a trim or cross-fade out of bounds: 400 `invalid_request` naming the field (`clips.<i>.id`, `clips.<i>`, `clips`, `crossfade_ms`). */
        post: operations["createJoin"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/generations/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description One of the key owner's generations; anyone else's is 404 `not_found`. */
        get: operations["getGeneration"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/generations/{id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** @description Stop a running generation: it fails as canceled and its tokens are refunded in full. A finished one is 409 `conflict`. */
        post: operations["cancelGeneration"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/generations/{id}/outputs/{index}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description An output's bytes (`outputs[].url`), with its content type and a download name; one byte range is honoured. A generation still running, failed or canceled has no outputs: 409 `conflict`, saying which; an index past its outputs is 404 `not_found`, saying how many it has. */
        get: operations["downloadOutput"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/uploads": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** @description A picture (multipart/form-data, field `image`: JPEG, PNG, GIF or WebP) to use as a model's or tool's `file` parameter: pass the answer's `url`. */
        post: operations["uploadImage"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/recordings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** @description A recording for a talking character's `audio` parameter (model `omni-human`): multipart/form-data, field `audio`: MP3, WAV, M4A, AAC or Ogg, 1 to 30 seconds, at most 10 MB. Kadr keeps it as an MP3 (its sound only, no metadata) and answers its `url` and `duration_ms`: the video lasts as long, and is charged by its seconds, rounded up. */
        post: operations["uploadRecording"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/elements": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description The key owner's library of characters and products (the studio's own), latest changed first: the ones in use, or with `archived=true` the archived ones. */
        get: operations["listElements"];
        put?: never;
        /** @description A new character or product from 1–20 of the key owner's pictures, each given by its Kadr URL: an upload (`POST /api/v1/uploads`), an image result (an output's `url`; it is copied, so deleting the generation later leaves the element whole) or another element's picture. Answers 201 with the element. A picture that is not the owner's is 400 `invalid_request` naming `pictures.<i>`; a name another of their elements has (whatever its case) is 409 `conflict` naming `name`. Costs no tokens. */
        post: operations["createElement"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/elements/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description One of the key owner's elements; anyone else's is 404 `not_found`. */
        get: operations["getElement"];
        put?: never;
        post?: never;
        /** @description Delete an element (204). Its pictures stay the owner's files, and results made with it keep them. */
        delete: operations["deleteElement"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/elements/{id}/pictures": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** @description Add pictures after the element's last one, given as a create's are (one it holds already is kept once). More than 20 in all is 400 `invalid_request` with `limit`, and adds none. */
        post: operations["addElementPictures"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/balance": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description The owner's balance in tokens (the studio's and the API's alike) and the key's own settings — the models it may run (null: all), what it sees (`scope`: its own generations or the whole account's) — and limits, with what it spent today and this month (UTC). */
        get: operations["getBalance"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/statement": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description The owner's token statement, newest first: every credit and debit with the balance right after it. Pass `next_cursor` as `cursor` for the next page. */
        get: operations["getStatement"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/openapi.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description This OpenAPI 3.1 document of `/api/v1` (no key needed). */
        get: operations["getOpenApi"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: never;
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    listModels: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: {
                            id: string;
                            /** @enum {string} */
                            kind: "model" | "tool";
                            tool: string | null;
                            /** @enum {string} */
                            type: "image" | "video";
                            name: string;
                            description: string;
                            /** @enum {string} */
                            prompt: "required" | "optional" | "none";
                            parameters: {
                                name: string;
                                /** @enum {string} */
                                type: "string" | "number" | "integer" | "boolean" | "enum" | "file";
                                required: boolean;
                                nullable: boolean;
                                default?: string | number | boolean | null;
                                minimum?: number;
                                maximum?: number;
                                values?: (string | number)[];
                                when?: unknown;
                                description: string;
                            }[];
                            price: {
                                rule: string;
                                from: number;
                                summary: string;
                            };
                            typical_seconds: {
                                min: number;
                                max: number;
                            };
                            available: boolean;
                            references: {
                                max: number;
                                kinds: ("character" | "product")[];
                            } | null;
                        }[];
                    };
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        /** @enum {string} */
                        code: "invalid_request" | "unauthorized" | "forbidden" | "account_blocked" | "not_found" | "insufficient_tokens" | "spend_limit_daily" | "spend_limit_monthly" | "model_off" | "idempotency_key_reused" | "idempotency_key_in_progress" | "conflict" | "too_large" | "unsupported_media_type" | "rate_limited" | "too_many_running" | "server_error" | "unavailable";
                        detail?: string;
                        errors?: {
                            field: string;
                            code: string;
                            message: string;
                        }[];
                        limit?: number;
                        required?: number;
                        spent?: number;
                        resets_at?: string;
                    };
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        /** @enum {string} */
                        code: "invalid_request" | "unauthorized" | "forbidden" | "account_blocked" | "not_found" | "insufficient_tokens" | "spend_limit_daily" | "spend_limit_monthly" | "model_off" | "idempotency_key_reused" | "idempotency_key_in_progress" | "conflict" | "too_large" | "unsupported_media_type" | "rate_limited" | "too_many_running" | "server_error" | "unavailable";
                        detail?: string;
                        errors?: {
                            field: string;
                            code: string;
                            message: string;
                        }[];
                        limit?: number;
                        required?: number;
                        spent?: number;
                        resets_at?: string;
                    };
                };
            };
            /** @description Default Response */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        /** @enum {string} */
                        code: "invalid_request" | "unauthorized" | "forbidden" | "account_blocked" | "not_found" | "insufficient_tokens" | "spend_limit_daily" | "spend_limit_monthly" | "model_off" | "idempotency_key_reused" | "idempotency_key_in_progress" | "conflict" | "too_large" | "unsupported_media_type" | "rate_limited" | "too_many_running" | "server_error" | "unavailable";
                        detail?: string;
                        errors?: {
                            field: string;
                            code: string;
                            message: string;
                        }[];
                        limit?: number;
                        required?: number;
                        spent?: number;
                        resets_at?: string;
                    };
                };
            };
            /** @description Default Response */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        /** @enum {string} */
                        code: "invalid_request" | "unauthorized" | "forbidden" | "account_blocked" | "not_found" | "insufficient_tokens" | "spend_limit_daily" | "spend_limit_monthly" | "model_off" | "idempotency_key_reused" | "idempotency_key_in_progress" | "conflict" | "too_large" | "unsupported_media_type" | "rate_limited" | "too_many_running" | "server_error" | "unavailable";
                        detail?: string;
                        errors?: {
                            field: string;
                            code: string;
                            message: string;
                        }[];
                        limit?: number;
                        required?: number;
                        spent?: number;
                        resets_at?: string;
                    };
                };
            };
            /** @description Default Response */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        /** @enum {string} */
                        code: "invalid_request" | "unauthorized" | "forbidden" | "account_blocked" | "not_found" | "insufficient_tokens" | "spend_limit_daily" | "spend_limit_monthly" | "model_off" | "idempotency_key_reused" | "idempotency_key_in_progress" | "conflict" | "too_large" | "unsupported_media_type" | "rate_limited" | "too_many_running" | "server_error" | "unavailable";
                        detail?: string;
                        errors?: {
                            field: string;
                            code: string;
                            message: string;
                        }[];
                        limit?: number;
                        required?: number;
                        spent?: number;
                        resets_at?: string;
                    };
                };
            };
        };
    };
    listStyles: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: {
                            id: string;
                            /** @enum {string} */
                            category: "product" | "photo" | "art" | "graphic";
                            name: string;
                            description: string;
                            models: string[];
                        }[];
                    };
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        /** @enum {string} */
                        code: "invalid_request" | "unauthorized" | "forbidden" | "account_blocked" | "not_found" | "insufficient_tokens" | "spend_limit_daily" | "spend_limit_monthly" | "model_off" | "idempotency_key_reused" | "idempotency_key_in_progress" | "conflict" | "too_large" | "unsupported_media_type" | "rate_limited" | "too_many_running" | "server_error" | "unavailable";
                        detail?: string;
                        errors?: {
                            field: string;
                            code: string;
                            message: string;
                        }[];
                        limit?: number;
                        required?: number;
                        spent?: number;
                        resets_at?: string;
                    };
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        /** @enum {string} */
                        code: "invalid_request" | "unauthorized" | "forbidden" | "account_blocked" | "not_found" | "insufficient_tokens" | "spend_limit_daily" | "spend_limit_monthly" | "model_off" | "idempotency_key_reused" | "idempotency_key_in_progress" | "conflict" | "too_large" | "unsupported_media_type" | "rate_limited" | "too_many_running" | "server_error" | "unavailable";
                        detail?: string;
                        errors?: {
                            field: string;
                            code: string;
                            message: string;
                        }[];
                        limit?: number;
                        required?: number;
                        spent?: number;
                        resets_at?: string;
                    };
                };
            };
            /** @description Default Response */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        /** @enum {string} */
                        code: "invalid_request" | "unauthorized" | "forbidden" | "account_blocked" | "not_found" | "insufficient_tokens" | "spend_limit_daily" | "spend_limit_monthly" | "model_off" | "idempotency_key_reused" | "idempotency_key_in_progress" | "conflict" | "too_large" | "unsupported_media_type" | "rate_limited" | "too_many_running" | "server_error" | "unavailable";
                        detail?: string;
                        errors?: {
                            field: string;
                            code: string;
                            message: string;
                        }[];
                        limit?: number;
                        required?: number;
                        spent?: number;
                        resets_at?: string;
                    };
                };
            };
            /** @description Default Response */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        /** @enum {string} */
                        code: "invalid_request" | "unauthorized" | "forbidden" | "account_blocked" | "not_found" | "insufficient_tokens" | "spend_limit_daily" | "spend_limit_monthly" | "model_off" | "idempotency_key_reused" | "idempotency_key_in_progress" | "conflict" | "too_large" | "unsupported_media_type" | "rate_limited" | "too_many_running" | "server_error" | "unavailable";
                        detail?: string;
                        errors?: {
                            field: string;
                            code: string;
                            message: string;
                        }[];
                        limit?: number;
                        required?: number;
                        spent?: number;
                        resets_at?: string;
                    };
                };
            };
            /** @description Default Response */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        /** @enum {string} */
                        code: "invalid_request" | "unauthorized" | "forbidden" | "account_blocked" | "not_found" | "insufficient_tokens" | "spend_limit_daily" | "spend_limit_monthly" | "model_off" | "idempotency_key_reused" | "idempotency_key_in_progress" | "conflict" | "too_large" | "unsupported_media_type" | "rate_limited" | "too_many_running" | "server_error" | "unavailable";
                        detail?: string;
                        errors?: {
                            field: string;
                            code: string;
                            message: string;
                        }[];
                        limit?: number;
                        required?: number;
                        spent?: number;
                        resets_at?: string;
                    };
                };
            };
        };
    };
    estimate: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    model: string;
                    /** @default  */
                    prompt?: string;
                    /** @default {} */
                    parameters?: {
                        [key: string]: unknown;
                    };
                    duration?: number;
                    translate_prompt?: boolean;
                    style?: string | null;
                    webhook_url?: string;
                    elements?: string[];
                    /** @description Continue one of the key owner's finished videos (its generation id): the model, one that starts a video from a picture, starts from the clip's last frame, whatever start frame the parameters name. Priced and charged as any generation of the model; once it is made, Kadr joins the clip and the continuation into a new generation of model `join`, free (find it in `GET /api/v1/generations`: its `source_id` is the clip). */
                    extend?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        model: string;
                        cost: number;
                        balance: number;
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        /** @enum {string} */
                        code: "invalid_request" | "unauthorized" | "forbidden" | "account_blocked" | "not_found" | "insufficient_tokens" | "spend_limit_daily" | "spend_limit_monthly" | "model_off" | "idempotency_key_reused" | "idempotency_key_in_progress" | "conflict" | "too_large" | "unsupported_media_type" | "rate_limited" | "too_many_running" | "server_error" | "unavailable";
                        detail?: string;
                        errors?: {
                            field: string;
                            code: string;
                            message: string;
                        }[];
                        limit?: number;
                        required?: number;
                        spent?: number;
                        resets_at?: string;
                    };
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        /** @enum {string} */
                        code: "invalid_request" | "unauthorized" | "forbidden" | "account_blocked" | "not_found" | "insufficient_tokens" | "spend_limit_daily" | "spend_limit_monthly" | "model_off" | "idempotency_key_reused" | "idempotency_key_in_progress" | "conflict" | "too_large" | "unsupported_media_type" | "rate_limited" | "too_many_running" | "server_error" | "unavailable";
                        detail?: string;
                        errors?: {
                            field: string;
                            code: string;
                            message: string;
                        }[];
                        limit?: number;
                        required?: number;
                        spent?: number;
                        resets_at?: string;
                    };
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        /** @enum {string} */
                        code: "invalid_request" | "unauthorized" | "forbidden" | "account_blocked" | "not_found" | "insufficient_tokens" | "spend_limit_daily" | "spend_limit_monthly" | "model_off" | "idempotency_key_reused" | "idempotency_key_in_progress" | "conflict" | "too_large" | "unsupported_media_type" | "rate_limited" | "too_many_running" | "server_error" | "unavailable";
                        detail?: string;
                        errors?: {
                            field: string;
                            code: string;
                            message: string;
                        }[];
                        limit?: number;
                        required?: number;
                        spent?: number;
                        resets_at?: string;
                    };
                };
            };
            /** @description Default Response */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        /** @enum {string} */
                        code: "invalid_request" | "unauthorized" | "forbidden" | "account_blocked" | "not_found" | "insufficient_tokens" | "spend_limit_daily" | "spend_limit_monthly" | "model_off" | "idempotency_key_reused" | "idempotency_key_in_progress" | "conflict" | "too_large" | "unsupported_media_type" | "rate_limited" | "too_many_running" | "server_error" | "unavailable";
                        detail?: string;
                        errors?: {
                            field: string;
                            code: string;
                            message: string;
                        }[];
                        limit?: number;
                        required?: number;
                        spent?: number;
                        resets_at?: string;
                    };
                };
            };
            /** @description Default Response */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        /** @enum {string} */
                        code: "invalid_request" | "unauthorized" | "forbidden" | "account_blocked" | "not_found" | "insufficient_tokens" | "spend_limit_daily" | "spend_limit_monthly" | "model_off" | "idempotency_key_reused" | "idempotency_key_in_progress" | "conflict" | "too_large" | "unsupported_media_type" | "rate_limited" | "too_many_running" | "server_error" | "unavailable";
                        detail?: string;
                        errors?: {
                            field: string;
                            code: string;
                            message: string;
                        }[];
                        limit?: number;
                        required?: number;
                        spent?: number;
                        resets_at?: string;
                    };
                };
            };
            /** @description Default Response */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        /** @enum {string} */
                        code: "invalid_request" | "unauthorized" | "forbidden" | "account_blocked" | "not_found" | "insufficient_tokens" | "spend_limit_daily" | "spend_limit_monthly" | "model_off" | "idempotency_key_reused" | "idempotency_key_in_progress" | "conflict" | "too_large" | "unsupported_media_type" | "rate_limited" | "too_many_running" | "server_error" | "unavailable";
                        detail?: string;
                        errors?: {
                            field: string;
                            code: string;
                            message: string;
                        }[];
                        limit?: number;
                        required?: number;
                        spent?: number;
                        resets_at?: string;
                    };
                };
            };
            /** @description Default Response */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        /** @enum {string} */
                        code: "invalid_request" | "unauthorized" | "forbidden" | "account_blocked" | "not_found" | "insufficient_tokens" | "spend_limit_daily" | "spend_limit_monthly" | "model_off" | "idempotency_key_reused" | "idempotency_key_in_progress" | "conflict" | "too_large" | "unsupported_media_type" | "rate_limited" | "too_many_running" | "server_error" | "unavailable";
                        detail?: string;
                        errors?: {
                            field: string;
                            code: string;
                            message: string;
                        }[];
                        limit?: number;
                        required?: number;
                        spent?: number;
                        resets_at?: string;
                    };
                };
            };
        };
    };
    listGenerations: {
        parameters: {
            query?: {
                cursor?: string;
                limit?: number;
                type?: "image" | "video";
                status?: "pending" | "processing" | "completed" | "failed";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: {
                            id: string;
                            model: string;
                            /** @enum {string} */
                            type: "image" | "video";
                            /** @enum {string} */
                            status: "pending" | "processing" | "completed" | "failed";
                            cost: number;
                            refunded: boolean;
                            prompt: string;
                            parameters: {
                                [key: string]: unknown;
                            };
                            error: {
                                /** @enum {string} */
                                code: "canceled" | "unsafe" | "model_failed" | "no_output" | "not_accepted" | "lost" | "timeout" | "save_failed" | "join_failed";
                                message: string;
                            } | null;
                            outputs: {
                                index: number;
                                url: string;
                                mime: string;
                                width: number | null;
                                height: number | null;
                                duration_ms: number | null;
                            }[];
                            source_id: string | null;
                            key_id: string | null;
                            waiting_for: ("model" | "storage") | null;
                            created: string;
                            updated: string;
                        }[];
                        next_cursor: string | null;
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        /** @enum {string} */
                        code: "invalid_request" | "unauthorized" | "forbidden" | "account_blocked" | "not_found" | "insufficient_tokens" | "spend_limit_daily" | "spend_limit_monthly" | "model_off" | "idempotency_key_reused" | "idempotency_key_in_progress" | "conflict" | "too_large" | "unsupported_media_type" | "rate_limited" | "too_many_running" | "server_error" | "unavailable";
                        detail?: string;
                        errors?: {
                            field: string;
                            code: string;
                            message: string;
                        }[];
                        limit?: number;
                        required?: number;
                        spent?: number;
                        resets_at?: string;
                    };
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        /** @enum {string} */
                        code: "invalid_request" | "unauthorized" | "forbidden" | "account_blocked" | "not_found" | "insufficient_tokens" | "spend_limit_daily" | "spend_limit_monthly" | "model_off" | "idempotency_key_reused" | "idempotency_key_in_progress" | "conflict" | "too_large" | "unsupported_media_type" | "rate_limited" | "too_many_running" | "server_error" | "unavailable";
                        detail?: string;
                        errors?: {
                            field: string;
                            code: string;
                            message: string;
                        }[];
                        limit?: number;
                        required?: number;
                        spent?: number;
                        resets_at?: string;
                    };
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        /** @enum {string} */
                        code: "invalid_request" | "unauthorized" | "forbidden" | "account_blocked" | "not_found" | "insufficient_tokens" | "spend_limit_daily" | "spend_limit_monthly" | "model_off" | "idempotency_key_reused" | "idempotency_key_in_progress" | "conflict" | "too_large" | "unsupported_media_type" | "rate_limited" | "too_many_running" | "server_error" | "unavailable";
                        detail?: string;
                        errors?: {
                            field: string;
                            code: string;
                            message: string;
                        }[];
                        limit?: number;
                        required?: number;
                        spent?: number;
                        resets_at?: string;
                    };
                };
            };
            /** @description Default Response */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        /** @enum {string} */
                        code: "invalid_request" | "unauthorized" | "forbidden" | "account_blocked" | "not_found" | "insufficient_tokens" | "spend_limit_daily" | "spend_limit_monthly" | "model_off" | "idempotency_key_reused" | "idempotency_key_in_progress" | "conflict" | "too_large" | "unsupported_media_type" | "rate_limited" | "too_many_running" | "server_error" | "unavailable";
                        detail?: string;
                        errors?: {
                            field: string;
                            code: string;
                            message: string;
                        }[];
                        limit?: number;
                        required?: number;
                        spent?: number;
                        resets_at?: string;
                    };
                };
            };
            /** @description Default Response */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        /** @enum {string} */
                        code: "invalid_request" | "unauthorized" | "forbidden" | "account_blocked" | "not_found" | "insufficient_tokens" | "spend_limit_daily" | "spend_limit_monthly" | "model_off" | "idempotency_key_reused" | "idempotency_key_in_progress" | "conflict" | "too_large" | "unsupported_media_type" | "rate_limited" | "too_many_running" | "server_error" | "unavailable";
                        detail?: string;
                        errors?: {
                            field: string;
                            code: string;
                            message: string;
                        }[];
                        limit?: number;
                        required?: number;
                        spent?: number;
                        resets_at?: string;
                    };
                };
            };
            /** @description Default Response */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        /** @enum {string} */
                        code: "invalid_request" | "unauthorized" | "forbidden" | "account_blocked" | "not_found" | "insufficient_tokens" | "spend_limit_daily" | "spend_limit_monthly" | "model_off" | "idempotency_key_reused" | "idempotency_key_in_progress" | "conflict" | "too_large" | "unsupported_media_type" | "rate_limited" | "too_many_running" | "server_error" | "unavailable";
                        detail?: string;
                        errors?: {
                            field: string;
                            code: string;
                            message: string;
                        }[];
                        limit?: number;
                        required?: number;
                        spent?: number;
                        resets_at?: string;
                    };
                };
            };
        };
    };
    createGeneration: {
        parameters: {
            query?: never;
            header?: {
                /** @description 1–255 printable ASCII characters. The same key with the same body answers the same generation, made and charged once (200); with another body, 409 `idempotency_key_reused`. It belongs to the API key that sent it (two keys never meet each other's) and answers for 24 hours; after that it is free again. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    model: string;
                    /** @default  */
                    prompt?: string;
                    /** @default {} */
                    parameters?: {
                        [key: string]: unknown;
                    };
                    duration?: number;
                    translate_prompt?: boolean;
                    style?: string | null;
                    webhook_url?: string;
                    elements?: string[];
                    /** @description Continue one of the key owner's finished videos (its generation id): the model, one that starts a video from a picture, starts from the clip's last frame, whatever start frame the parameters name. Priced and charged as any generation of the model; once it is made, Kadr joins the clip and the continuation into a new generation of model `join`, free (find it in `GET /api/v1/generations`: its `source_id` is the clip). */
                    extend?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        model: string;
                        /** @enum {string} */
                        type: "image" | "video";
                        /** @enum {string} */
                        status: "pending" | "processing" | "completed" | "failed";
                        cost: number;
                        refunded: boolean;
                        prompt: string;
                        parameters: {
                            [key: string]: unknown;
                        };
                        error: {
                            /** @enum {string} */
                            code: "canceled" | "unsafe" | "model_failed" | "no_output" | "not_accepted" | "lost" | "timeout" | "save_failed" | "join_failed";
                            message: string;
                        } | null;
                        outputs: {
                            index: number;
                            url: string;
                            mime: string;
                            width: number | null;
                            height: number | null;
                            duration_ms: number | null;
                        }[];
                        source_id: string | null;
                        key_id: string | null;
                        waiting_for: ("model" | "storage") | null;
                        created: string;
                        updated: string;
                    };
                };
            };
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        model: string;
                        /** @enum {string} */
                        type: "image" | "video";
                        /** @enum {string} */
                        status: "pending" | "processing" | "completed" | "failed";
                        cost: number;
                        refunded: boolean;
                        prompt: string;
                        parameters: {
                            [key: string]: unknown;
                        };
                        error: {
                            /** @enum {string} */
                            code: "canceled" | "unsafe" | "model_failed" | "no_output" | "not_accepted" | "lost" | "timeout" | "save_failed" | "join_failed";
                            message: string;
                        } | null;
                        outputs: {
                            index: number;
                            url: string;
                            mime: string;
                            width: number | null;
                            height: number | null;
                            duration_ms: number | null;
                        }[];
                        source_id: string | null;
                        key_id: string | null;
                        waiting_for: ("model" | "storage") | null;
                        created: string;
                        updated: string;
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        /** @enum {string} */
                        code: "invalid_request" | "unauthorized" | "forbidden" | "account_blocked" | "not_found" | "insufficient_tokens" | "spend_limit_daily" | "spend_limit_monthly" | "model_off" | "idempotency_key_reused" | "idempotency_key_in_progress" | "conflict" | "too_large" | "unsupported_media_type" | "rate_limited" | "too_many_running" | "server_error" | "unavailable";
                        detail?: string;
                        errors?: {
                            field: string;
                            code: string;
                            message: string;
                        }[];
                        limit?: number;
                        required?: number;
                        spent?: number;
                        resets_at?: string;
                    };
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        /** @enum {string} */
                        code: "invalid_request" | "unauthorized" | "forbidden" | "account_blocked" | "not_found" | "insufficient_tokens" | "spend_limit_daily" | "spend_limit_monthly" | "model_off" | "idempotency_key_reused" | "idempotency_key_in_progress" | "conflict" | "too_large" | "unsupported_media_type" | "rate_limited" | "too_many_running" | "server_error" | "unavailable";
                        detail?: string;
                        errors?: {
                            field: string;
                            code: string;
                            message: string;
                        }[];
                        limit?: number;
                        required?: number;
                        spent?: number;
                        resets_at?: string;
                    };
                };
            };
            /** @description Default Response */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        /** @enum {string} */
                        code: "invalid_request" | "unauthorized" | "forbidden" | "account_blocked" | "not_found" | "insufficient_tokens" | "spend_limit_daily" | "spend_limit_monthly" | "model_off" | "idempotency_key_reused" | "idempotency_key_in_progress" | "conflict" | "too_large" | "unsupported_media_type" | "rate_limited" | "too_many_running" | "server_error" | "unavailable";
                        detail?: string;
                        errors?: {
                            field: string;
                            code: string;
                            message: string;
                        }[];
                        limit?: number;
                        required?: number;
                        spent?: number;
                        resets_at?: string;
                    };
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        /** @enum {string} */
                        code: "invalid_request" | "unauthorized" | "forbidden" | "account_blocked" | "not_found" | "insufficient_tokens" | "spend_limit_daily" | "spend_limit_monthly" | "model_off" | "idempotency_key_reused" | "idempotency_key_in_progress" | "conflict" | "too_large" | "unsupported_media_type" | "rate_limited" | "too_many_running" | "server_error" | "unavailable";
                        detail?: string;
                        errors?: {
                            field: string;
                            code: string;
                            message: string;
                        }[];
                        limit?: number;
                        required?: number;
                        spent?: number;
                        resets_at?: string;
                    };
                };
            };
            /** @description Default Response */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        /** @enum {string} */
                        code: "invalid_request" | "unauthorized" | "forbidden" | "account_blocked" | "not_found" | "insufficient_tokens" | "spend_limit_daily" | "spend_limit_monthly" | "model_off" | "idempotency_key_reused" | "idempotency_key_in_progress" | "conflict" | "too_large" | "unsupported_media_type" | "rate_limited" | "too_many_running" | "server_error" | "unavailable";
                        detail?: string;
                        errors?: {
                            field: string;
                            code: string;
                            message: string;
                        }[];
                        limit?: number;
                        required?: number;
                        spent?: number;
                        resets_at?: string;
                    };
                };
            };
            /** @description Default Response */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        /** @enum {string} */
                        code: "invalid_request" | "unauthorized" | "forbidden" | "account_blocked" | "not_found" | "insufficient_tokens" | "spend_limit_daily" | "spend_limit_monthly" | "model_off" | "idempotency_key_reused" | "idempotency_key_in_progress" | "conflict" | "too_large" | "unsupported_media_type" | "rate_limited" | "too_many_running" | "server_error" | "unavailable";
                        detail?: string;
                        errors?: {
                            field: string;
                            code: string;
                            message: string;
                        }[];
                        limit?: number;
                        required?: number;
                        spent?: number;
                        resets_at?: string;
                    };
                };
            };
            /** @description Default Response */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        /** @enum {string} */
                        code: "invalid_request" | "unauthorized" | "forbidden" | "account_blocked" | "not_found" | "insufficient_tokens" | "spend_limit_daily" | "spend_limit_monthly" | "model_off" | "idempotency_key_reused" | "idempotency_key_in_progress" | "conflict" | "too_large" | "unsupported_media_type" | "rate_limited" | "too_many_running" | "server_error" | "unavailable";
                        detail?: string;
                        errors?: {
                            field: string;
                            code: string;
                            message: string;
                        }[];
                        limit?: number;
                        required?: number;
                        spent?: number;
                        resets_at?: string;
                    };
                };
            };
            /** @description Default Response */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        /** @enum {string} */
                        code: "invalid_request" | "unauthorized" | "forbidden" | "account_blocked" | "not_found" | "insufficient_tokens" | "spend_limit_daily" | "spend_limit_monthly" | "model_off" | "idempotency_key_reused" | "idempotency_key_in_progress" | "conflict" | "too_large" | "unsupported_media_type" | "rate_limited" | "too_many_running" | "server_error" | "unavailable";
                        detail?: string;
                        errors?: {
                            field: string;
                            code: string;
                            message: string;
                        }[];
                        limit?: number;
                        required?: number;
                        spent?: number;
                        resets_at?: string;
                    };
                };
            };
        };
    };
    createJoin: {
        parameters: {
            query?: never;
            header?: {
                /** @description 1–255 printable ASCII characters. The same key with the same body answers the same generation, made and charged once (200); with another body, 409 `idempotency_key_reused`. It belongs to the API key that sent it (two keys never meet each other's) and answers for 24 hours; after that it is free again. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The clips, in order: 2–6 of the key owner's finished videos, each by its generation `id`, kept from `start_ms` to `end_ms` (milliseconds into the clip; its start and its end when absent), at least 500 ms of each. */
                    clips: {
                        id: string;
                        start_ms?: number;
                        end_ms?: number;
                    }[];
                    /**
                     * @description How long each clip fades into the next, in milliseconds: 0 (the default) is a straight cut; at most 2000 and shorter than every kept clip. The join lasts the kept lengths less one fade per cut.
                     * @default 0
                     */
                    crossfade_ms?: number;
                    webhook_url?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        model: string;
                        /** @enum {string} */
                        type: "image" | "video";
                        /** @enum {string} */
                        status: "pending" | "processing" | "completed" | "failed";
                        cost: number;
                        refunded: boolean;
                        prompt: string;
                        parameters: {
                            [key: string]: unknown;
                        };
                        error: {
                            /** @enum {string} */
                            code: "canceled" | "unsafe" | "model_failed" | "no_output" | "not_accepted" | "lost" | "timeout" | "save_failed" | "join_failed";
                            message: string;
                        } | null;
                        outputs: {
                            index: number;
                            url: string;
                            mime: string;
                            width: number | null;
                            height: number | null;
                            duration_ms: number | null;
                        }[];
                        source_id: string | null;
                        key_id: string | null;
                        waiting_for: ("model" | "storage") | null;
                        created: string;
                        updated: string;
                    };
                };
            };
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        model: string;
                        /** @enum {string} */
                        type: "image" | "video";
                        /** @enum {string} */
                        status: "pending" | "processing" | "completed" | "failed";
                        cost: number;
                        refunded: boolean;
                        prompt: string;
                        parameters: {
                            [key: string]: unknown;
                        };
                        error: {
                            /** @enum {string} */
                            code: "canceled" | "unsafe" | "model_failed" | "no_output" | "not_accepted" | "lost" | "timeout" | "save_failed" | "join_failed";
                            message: string;
                        } | null;
                        outputs: {
                            index: number;
                            url: string;
                            mime: string;
                            width: number | null;
                            height: number | null;
                            duration_ms: number | null;
                        }[];
                        source_id: string | null;
                        key_id: string | null;
                        waiting_for: ("model" | "storage") | null;
                        created: string;
                        updated: string;
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        /** @enum {string} */
                        code: "invalid_request" | "unauthorized" | "forbidden" | "account_blocked" | "not_found" | "insufficient_tokens" | "spend_limit_daily" | "spend_limit_monthly" | "model_off" | "idempotency_key_reused" | "idempotency_key_in_progress" | "conflict" | "too_large" | "unsupported_media_type" | "rate_limited" | "too_many_running" | "server_error" | "unavailable";
                        detail?: string;
                        errors?: {
                            field: string;
                            code: string;
                            message: string;
                        }[];
                        limit?: number;
                        required?: number;
                        spent?: number;
                        resets_at?: string;
                    };
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        /** @enum {string} */
                        code: "invalid_request" | "unauthorized" | "forbidden" | "account_blocked" | "not_found" | "insufficient_tokens" | "spend_limit_daily" | "spend_limit_monthly" | "model_off" | "idempotency_key_reused" | "idempotency_key_in_progress" | "conflict" | "too_large" | "unsupported_media_type" | "rate_limited" | "too_many_running" | "server_error" | "unavailable";
                        detail?: string;
                        errors?: {
                            field: string;
                            code: string;
                            message: string;
                        }[];
                        limit?: number;
                        required?: number;
                        spent?: number;
                        resets_at?: string;
                    };
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        /** @enum {string} */
                        code: "invalid_request" | "unauthorized" | "forbidden" | "account_blocked" | "not_found" | "insufficient_tokens" | "spend_limit_daily" | "spend_limit_monthly" | "model_off" | "idempotency_key_reused" | "idempotency_key_in_progress" | "conflict" | "too_large" | "unsupported_media_type" | "rate_limited" | "too_many_running" | "server_error" | "unavailable";
                        detail?: string;
                        errors?: {
                            field: string;
                            code: string;
                            message: string;
                        }[];
                        limit?: number;
                        required?: number;
                        spent?: number;
                        resets_at?: string;
                    };
                };
            };
            /** @description Default Response */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        /** @enum {string} */
                        code: "invalid_request" | "unauthorized" | "forbidden" | "account_blocked" | "not_found" | "insufficient_tokens" | "spend_limit_daily" | "spend_limit_monthly" | "model_off" | "idempotency_key_reused" | "idempotency_key_in_progress" | "conflict" | "too_large" | "unsupported_media_type" | "rate_limited" | "too_many_running" | "server_error" | "unavailable";
                        detail?: string;
                        errors?: {
                            field: string;
                            code: string;
                            message: string;
                        }[];
                        limit?: number;
                        required?: number;
                        spent?: number;
                        resets_at?: string;
                    };
                };
            };
            /** @description Default Response */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        /** @enum {string} */
                        code: "invalid_request" | "unauthorized" | "forbidden" | "account_blocked" | "not_found" | "insufficient_tokens" | "spend_limit_daily" | "spend_limit_monthly" | "model_off" | "idempotency_key_reused" | "idempotency_key_in_progress" | "conflict" | "too_large" | "unsupported_media_type" | "rate_limited" | "too_many_running" | "server_error" | "unavailable";
                        detail?: string;
                        errors?: {
                            field: string;
                            code: string;
                            message: string;
                        }[];
                        limit?: number;
                        required?: number;
                        spent?: number;
                        resets_at?: string;
                    };
                };
            };
            /** @description Default Response */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        /** @enum {string} */
                        code: "invalid_request" | "unauthorized" | "forbidden" | "account_blocked" | "not_found" | "insufficient_tokens" | "spend_limit_daily" | "spend_limit_monthly" | "model_off" | "idempotency_key_reused" | "idempotency_key_in_progress" | "conflict" | "too_large" | "unsupported_media_type" | "rate_limited" | "too_many_running" | "server_error" | "unavailable";
                        detail?: string;
                        errors?: {
                            field: string;
                            code: string;
                            message: string;
                        }[];
                        limit?: number;
                        required?: number;
                        spent?: number;
                        resets_at?: string;
                    };
                };
            };
            /** @description Default Response */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        /** @enum {string} */
                        code: "invalid_request" | "unauthorized" | "forbidden" | "account_blocked" | "not_found" | "insufficient_tokens" | "spend_limit_daily" | "spend_limit_monthly" | "model_off" | "idempotency_key_reused" | "idempotency_key_in_progress" | "conflict" | "too_large" | "unsupported_media_type" | "rate_limited" | "too_many_running" | "server_error" | "unavailable";
                        detail?: string;
                        errors?: {
                            field: string;
                            code: string;
                            message: string;
                        }[];
                        limit?: number;
                        required?: number;
                        spent?: number;
                        resets_at?: string;
                    };
                };
            };
        };
    };
    getGeneration: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        model: string;
                        /** @enum {string} */
                        type: "image" | "video";
                        /** @enum {string} */
                        status: "pending" | "processing" | "completed" | "failed";
                        cost: number;
                        refunded: boolean;
                        prompt: string;
                        parameters: {
                            [key: string]: unknown;
                        };
                        error: {
                            /** @enum {string} */
                            code: "canceled" | "unsafe" | "model_failed" | "no_output" | "not_accepted" | "lost" | "timeout" | "save_failed" | "join_failed";
                            message: string;
                        } | null;
                        outputs: {
                            index: number;
                            url: string;
                            mime: string;
                            width: number | null;
                            height: number | null;
                            duration_ms: number | null;
                        }[];
                        source_id: string | null;
                        key_id: string | null;
                        waiting_for: ("model" | "storage") | null;
                        created: string;
                        updated: string;
                    };
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        /** @enum {string} */
                        code: "invalid_request" | "unauthorized" | "forbidden" | "account_blocked" | "not_found" | "insufficient_tokens" | "spend_limit_daily" | "spend_limit_monthly" | "model_off" | "idempotency_key_reused" | "idempotency_key_in_progress" | "conflict" | "too_large" | "unsupported_media_type" | "rate_limited" | "too_many_running" | "server_error" | "unavailable";
                        detail?: string;
                        errors?: {
                            field: string;
                            code: string;
                            message: string;
                        }[];
                        limit?: number;
                        required?: number;
                        spent?: number;
                        resets_at?: string;
                    };
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        /** @enum {string} */
                        code: "invalid_request" | "unauthorized" | "forbidden" | "account_blocked" | "not_found" | "insufficient_tokens" | "spend_limit_daily" | "spend_limit_monthly" | "model_off" | "idempotency_key_reused" | "idempotency_key_in_progress" | "conflict" | "too_large" | "unsupported_media_type" | "rate_limited" | "too_many_running" | "server_error" | "unavailable";
                        detail?: string;
                        errors?: {
                            field: string;
                            code: string;
                            message: string;
                        }[];
                        limit?: number;
                        required?: number;
                        spent?: number;
                        resets_at?: string;
                    };
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        /** @enum {string} */
                        code: "invalid_request" | "unauthorized" | "forbidden" | "account_blocked" | "not_found" | "insufficient_tokens" | "spend_limit_daily" | "spend_limit_monthly" | "model_off" | "idempotency_key_reused" | "idempotency_key_in_progress" | "conflict" | "too_large" | "unsupported_media_type" | "rate_limited" | "too_many_running" | "server_error" | "unavailable";
                        detail?: string;
                        errors?: {
                            field: string;
                            code: string;
                            message: string;
                        }[];
                        limit?: number;
                        required?: number;
                        spent?: number;
                        resets_at?: string;
                    };
                };
            };
            /** @description Default Response */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        /** @enum {string} */
                        code: "invalid_request" | "unauthorized" | "forbidden" | "account_blocked" | "not_found" | "insufficient_tokens" | "spend_limit_daily" | "spend_limit_monthly" | "model_off" | "idempotency_key_reused" | "idempotency_key_in_progress" | "conflict" | "too_large" | "unsupported_media_type" | "rate_limited" | "too_many_running" | "server_error" | "unavailable";
                        detail?: string;
                        errors?: {
                            field: string;
                            code: string;
                            message: string;
                        }[];
                        limit?: number;
                        required?: number;
                        spent?: number;
                        resets_at?: string;
                    };
                };
            };
            /** @description Default Response */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        /** @enum {string} */
                        code: "invalid_request" | "unauthorized" | "forbidden" | "account_blocked" | "not_found" | "insufficient_tokens" | "spend_limit_daily" | "spend_limit_monthly" | "model_off" | "idempotency_key_reused" | "idempotency_key_in_progress" | "conflict" | "too_large" | "unsupported_media_type" | "rate_limited" | "too_many_running" | "server_error" | "unavailable";
                        detail?: string;
                        errors?: {
                            field: string;
                            code: string;
                            message: string;
                        }[];
                        limit?: number;
                        required?: number;
                        spent?: number;
                        resets_at?: string;
                    };
                };
            };
            /** @description Default Response */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        /** @enum {string} */
                        code: "invalid_request" | "unauthorized" | "forbidden" | "account_blocked" | "not_found" | "insufficient_tokens" | "spend_limit_daily" | "spend_limit_monthly" | "model_off" | "idempotency_key_reused" | "idempotency_key_in_progress" | "conflict" | "too_large" | "unsupported_media_type" | "rate_limited" | "too_many_running" | "server_error" | "unavailable";
                        detail?: string;
                        errors?: {
                            field: string;
                            code: string;
                            message: string;
                        }[];
                        limit?: number;
                        required?: number;
                        spent?: number;
                        resets_at?: string;
                    };
                };
            };
        };
    };
    cancelGeneration: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        model: string;
                        /** @enum {string} */
                        type: "image" | "video";
                        /** @enum {string} */
                        status: "pending" | "processing" | "completed" | "failed";
                        cost: number;
                        refunded: boolean;
                        prompt: string;
                        parameters: {
                            [key: string]: unknown;
                        };
                        error: {
                            /** @enum {string} */
                            code: "canceled" | "unsafe" | "model_failed" | "no_output" | "not_accepted" | "lost" | "timeout" | "save_failed" | "join_failed";
                            message: string;
                        } | null;
                        outputs: {
                            index: number;
                            url: string;
                            mime: string;
                            width: number | null;
                            height: number | null;
                            duration_ms: number | null;
                        }[];
                        source_id: string | null;
                        key_id: string | null;
                        waiting_for: ("model" | "storage") | null;
                        created: string;
                        updated: string;
                    };
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        /** @enum {string} */
                        code: "invalid_request" | "unauthorized" | "forbidden" | "account_blocked" | "not_found" | "insufficient_tokens" | "spend_limit_daily" | "spend_limit_monthly" | "model_off" | "idempotency_key_reused" | "idempotency_key_in_progress" | "conflict" | "too_large" | "unsupported_media_type" | "rate_limited" | "too_many_running" | "server_error" | "unavailable";
                        detail?: string;
                        errors?: {
                            field: string;
                            code: string;
                            message: string;
                        }[];
                        limit?: number;
                        required?: number;
                        spent?: number;
                        resets_at?: string;
                    };
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        /** @enum {string} */
                        code: "invalid_request" | "unauthorized" | "forbidden" | "account_blocked" | "not_found" | "insufficient_tokens" | "spend_limit_daily" | "spend_limit_monthly" | "model_off" | "idempotency_key_reused" | "idempotency_key_in_progress" | "conflict" | "too_large" | "unsupported_media_type" | "rate_limited" | "too_many_running" | "server_error" | "unavailable";
                        detail?: string;
                        errors?: {
                            field: string;
                            code: string;
                            message: string;
                        }[];
                        limit?: number;
                        required?: number;
                        spent?: number;
                        resets_at?: string;
                    };
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        /** @enum {string} */
                        code: "invalid_request" | "unauthorized" | "forbidden" | "account_blocked" | "not_found" | "insufficient_tokens" | "spend_limit_daily" | "spend_limit_monthly" | "model_off" | "idempotency_key_reused" | "idempotency_key_in_progress" | "conflict" | "too_large" | "unsupported_media_type" | "rate_limited" | "too_many_running" | "server_error" | "unavailable";
                        detail?: string;
                        errors?: {
                            field: string;
                            code: string;
                            message: string;
                        }[];
                        limit?: number;
                        required?: number;
                        spent?: number;
                        resets_at?: string;
                    };
                };
            };
            /** @description Default Response */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        /** @enum {string} */
                        code: "invalid_request" | "unauthorized" | "forbidden" | "account_blocked" | "not_found" | "insufficient_tokens" | "spend_limit_daily" | "spend_limit_monthly" | "model_off" | "idempotency_key_reused" | "idempotency_key_in_progress" | "conflict" | "too_large" | "unsupported_media_type" | "rate_limited" | "too_many_running" | "server_error" | "unavailable";
                        detail?: string;
                        errors?: {
                            field: string;
                            code: string;
                            message: string;
                        }[];
                        limit?: number;
                        required?: number;
                        spent?: number;
                        resets_at?: string;
                    };
                };
            };
            /** @description Default Response */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        /** @enum {string} */
                        code: "invalid_request" | "unauthorized" | "forbidden" | "account_blocked" | "not_found" | "insufficient_tokens" | "spend_limit_daily" | "spend_limit_monthly" | "model_off" | "idempotency_key_reused" | "idempotency_key_in_progress" | "conflict" | "too_large" | "unsupported_media_type" | "rate_limited" | "too_many_running" | "server_error" | "unavailable";
                        detail?: string;
                        errors?: {
                            field: string;
                            code: string;
                            message: string;
                        }[];
                        limit?: number;
                        required?: number;
                        spent?: number;
                        resets_at?: string;
                    };
                };
            };
            /** @description Default Response */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        /** @enum {string} */
                        code: "invalid_request" | "unauthorized" | "forbidden" | "account_blocked" | "not_found" | "insufficient_tokens" | "spend_limit_daily" | "spend_limit_monthly" | "model_off" | "idempotency_key_reused" | "idempotency_key_in_progress" | "conflict" | "too_large" | "unsupported_media_type" | "rate_limited" | "too_many_running" | "server_error" | "unavailable";
                        detail?: string;
                        errors?: {
                            field: string;
                            code: string;
                            message: string;
                        }[];
                        limit?: number;
                        required?: number;
                        spent?: number;
                        resets_at?: string;
                    };
                };
            };
            /** @description Default Response */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        /** @enum {string} */
                        code: "invalid_request" | "unauthorized" | "forbidden" | "account_blocked" | "not_found" | "insufficient_tokens" | "spend_limit_daily" | "spend_limit_monthly" | "model_off" | "idempotency_key_reused" | "idempotency_key_in_progress" | "conflict" | "too_large" | "unsupported_media_type" | "rate_limited" | "too_many_running" | "server_error" | "unavailable";
                        detail?: string;
                        errors?: {
                            field: string;
                            code: string;
                            message: string;
                        }[];
                        limit?: number;
                        required?: number;
                        spent?: number;
                        resets_at?: string;
                    };
                };
            };
        };
    };
    downloadOutput: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                index: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The whole file. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "image/jpeg": string;
                    "image/png": string;
                    "image/gif": string;
                    "image/webp": string;
                    "video/mp4": string;
                };
            };
            /** @description The requested range of the file. */
            206: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "image/jpeg": string;
                    "image/png": string;
                    "image/gif": string;
                    "image/webp": string;
                    "video/mp4": string;
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        /** @enum {string} */
                        code: "invalid_request" | "unauthorized" | "forbidden" | "account_blocked" | "not_found" | "insufficient_tokens" | "spend_limit_daily" | "spend_limit_monthly" | "model_off" | "idempotency_key_reused" | "idempotency_key_in_progress" | "conflict" | "too_large" | "unsupported_media_type" | "rate_limited" | "too_many_running" | "server_error" | "unavailable";
                        detail?: string;
                        errors?: {
                            field: string;
                            code: string;
                            message: string;
                        }[];
                        limit?: number;
                        required?: number;
                        spent?: number;
                        resets_at?: string;
                    };
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        /** @enum {string} */
                        code: "invalid_request" | "unauthorized" | "forbidden" | "account_blocked" | "not_found" | "insufficient_tokens" | "spend_limit_daily" | "spend_limit_monthly" | "model_off" | "idempotency_key_reused" | "idempotency_key_in_progress" | "conflict" | "too_large" | "unsupported_media_type" | "rate_limited" | "too_many_running" | "server_error" | "unavailable";
                        detail?: string;
                        errors?: {
                            field: string;
                            code: string;
                            message: string;
                        }[];
                        limit?: number;
                        required?: number;
                        spent?: number;
                        resets_at?: string;
                    };
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        /** @enum {string} */
                        code: "invalid_request" | "unauthorized" | "forbidden" | "account_blocked" | "not_found" | "insufficient_tokens" | "spend_limit_daily" | "spend_limit_monthly" | "model_off" | "idempotency_key_reused" | "idempotency_key_in_progress" | "conflict" | "too_large" | "unsupported_media_type" | "rate_limited" | "too_many_running" | "server_error" | "unavailable";
                        detail?: string;
                        errors?: {
                            field: string;
                            code: string;
                            message: string;
                        }[];
                        limit?: number;
                        required?: number;
                        spent?: number;
                        resets_at?: string;
                    };
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        /** @enum {string} */
                        code: "invalid_request" | "unauthorized" | "forbidden" | "account_blocked" | "not_found" | "insufficient_tokens" | "spend_limit_daily" | "spend_limit_monthly" | "model_off" | "idempotency_key_reused" | "idempotency_key_in_progress" | "conflict" | "too_large" | "unsupported_media_type" | "rate_limited" | "too_many_running" | "server_error" | "unavailable";
                        detail?: string;
                        errors?: {
                            field: string;
                            code: string;
                            message: string;
                        }[];
                        limit?: number;
                        required?: number;
                        spent?: number;
                        resets_at?: string;
                    };
                };
            };
            /** @description Default Response */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        /** @enum {string} */
                        code: "invalid_request" | "unauthorized" | "forbidden" | "account_blocked" | "not_found" | "insufficient_tokens" | "spend_limit_daily" | "spend_limit_monthly" | "model_off" | "idempotency_key_reused" | "idempotency_key_in_progress" | "conflict" | "too_large" | "unsupported_media_type" | "rate_limited" | "too_many_running" | "server_error" | "unavailable";
                        detail?: string;
                        errors?: {
                            field: string;
                            code: string;
                            message: string;
                        }[];
                        limit?: number;
                        required?: number;
                        spent?: number;
                        resets_at?: string;
                    };
                };
            };
            /** @description Default Response */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        /** @enum {string} */
                        code: "invalid_request" | "unauthorized" | "forbidden" | "account_blocked" | "not_found" | "insufficient_tokens" | "spend_limit_daily" | "spend_limit_monthly" | "model_off" | "idempotency_key_reused" | "idempotency_key_in_progress" | "conflict" | "too_large" | "unsupported_media_type" | "rate_limited" | "too_many_running" | "server_error" | "unavailable";
                        detail?: string;
                        errors?: {
                            field: string;
                            code: string;
                            message: string;
                        }[];
                        limit?: number;
                        required?: number;
                        spent?: number;
                        resets_at?: string;
                    };
                };
            };
            /** @description Default Response */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        /** @enum {string} */
                        code: "invalid_request" | "unauthorized" | "forbidden" | "account_blocked" | "not_found" | "insufficient_tokens" | "spend_limit_daily" | "spend_limit_monthly" | "model_off" | "idempotency_key_reused" | "idempotency_key_in_progress" | "conflict" | "too_large" | "unsupported_media_type" | "rate_limited" | "too_many_running" | "server_error" | "unavailable";
                        detail?: string;
                        errors?: {
                            field: string;
                            code: string;
                            message: string;
                        }[];
                        limit?: number;
                        required?: number;
                        spent?: number;
                        resets_at?: string;
                    };
                };
            };
            /** @description Default Response */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        /** @enum {string} */
                        code: "invalid_request" | "unauthorized" | "forbidden" | "account_blocked" | "not_found" | "insufficient_tokens" | "spend_limit_daily" | "spend_limit_monthly" | "model_off" | "idempotency_key_reused" | "idempotency_key_in_progress" | "conflict" | "too_large" | "unsupported_media_type" | "rate_limited" | "too_many_running" | "server_error" | "unavailable";
                        detail?: string;
                        errors?: {
                            field: string;
                            code: string;
                            message: string;
                        }[];
                        limit?: number;
                        required?: number;
                        spent?: number;
                        resets_at?: string;
                    };
                };
            };
        };
    };
    uploadImage: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    /** Format: binary */
                    image: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        url: string;
                        mime: string;
                        width: number;
                        height: number;
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        /** @enum {string} */
                        code: "invalid_request" | "unauthorized" | "forbidden" | "account_blocked" | "not_found" | "insufficient_tokens" | "spend_limit_daily" | "spend_limit_monthly" | "model_off" | "idempotency_key_reused" | "idempotency_key_in_progress" | "conflict" | "too_large" | "unsupported_media_type" | "rate_limited" | "too_many_running" | "server_error" | "unavailable";
                        detail?: string;
                        errors?: {
                            field: string;
                            code: string;
                            message: string;
                        }[];
                        limit?: number;
                        required?: number;
                        spent?: number;
                        resets_at?: string;
                    };
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        /** @enum {string} */
                        code: "invalid_request" | "unauthorized" | "forbidden" | "account_blocked" | "not_found" | "insufficient_tokens" | "spend_limit_daily" | "spend_limit_monthly" | "model_off" | "idempotency_key_reused" | "idempotency_key_in_progress" | "conflict" | "too_large" | "unsupported_media_type" | "rate_limited" | "too_many_running" | "server_error" | "unavailable";
                        detail?: string;
                        errors?: {
                            field: string;
                            code: string;
                            message: string;
                        }[];
                        limit?: number;
                        required?: number;
                        spent?: number;
                        resets_at?: string;
                    };
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        /** @enum {string} */
                        code: "invalid_request" | "unauthorized" | "forbidden" | "account_blocked" | "not_found" | "insufficient_tokens" | "spend_limit_daily" | "spend_limit_monthly" | "model_off" | "idempotency_key_reused" | "idempotency_key_in_progress" | "conflict" | "too_large" | "unsupported_media_type" | "rate_limited" | "too_many_running" | "server_error" | "unavailable";
                        detail?: string;
                        errors?: {
                            field: string;
                            code: string;
                            message: string;
                        }[];
                        limit?: number;
                        required?: number;
                        spent?: number;
                        resets_at?: string;
                    };
                };
            };
            /** @description Default Response */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        /** @enum {string} */
                        code: "invalid_request" | "unauthorized" | "forbidden" | "account_blocked" | "not_found" | "insufficient_tokens" | "spend_limit_daily" | "spend_limit_monthly" | "model_off" | "idempotency_key_reused" | "idempotency_key_in_progress" | "conflict" | "too_large" | "unsupported_media_type" | "rate_limited" | "too_many_running" | "server_error" | "unavailable";
                        detail?: string;
                        errors?: {
                            field: string;
                            code: string;
                            message: string;
                        }[];
                        limit?: number;
                        required?: number;
                        spent?: number;
                        resets_at?: string;
                    };
                };
            };
            /** @description Default Response */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        /** @enum {string} */
                        code: "invalid_request" | "unauthorized" | "forbidden" | "account_blocked" | "not_found" | "insufficient_tokens" | "spend_limit_daily" | "spend_limit_monthly" | "model_off" | "idempotency_key_reused" | "idempotency_key_in_progress" | "conflict" | "too_large" | "unsupported_media_type" | "rate_limited" | "too_many_running" | "server_error" | "unavailable";
                        detail?: string;
                        errors?: {
                            field: string;
                            code: string;
                            message: string;
                        }[];
                        limit?: number;
                        required?: number;
                        spent?: number;
                        resets_at?: string;
                    };
                };
            };
            /** @description Default Response */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        /** @enum {string} */
                        code: "invalid_request" | "unauthorized" | "forbidden" | "account_blocked" | "not_found" | "insufficient_tokens" | "spend_limit_daily" | "spend_limit_monthly" | "model_off" | "idempotency_key_reused" | "idempotency_key_in_progress" | "conflict" | "too_large" | "unsupported_media_type" | "rate_limited" | "too_many_running" | "server_error" | "unavailable";
                        detail?: string;
                        errors?: {
                            field: string;
                            code: string;
                            message: string;
                        }[];
                        limit?: number;
                        required?: number;
                        spent?: number;
                        resets_at?: string;
                    };
                };
            };
            /** @description Default Response */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        /** @enum {string} */
                        code: "invalid_request" | "unauthorized" | "forbidden" | "account_blocked" | "not_found" | "insufficient_tokens" | "spend_limit_daily" | "spend_limit_monthly" | "model_off" | "idempotency_key_reused" | "idempotency_key_in_progress" | "conflict" | "too_large" | "unsupported_media_type" | "rate_limited" | "too_many_running" | "server_error" | "unavailable";
                        detail?: string;
                        errors?: {
                            field: string;
                            code: string;
                            message: string;
                        }[];
                        limit?: number;
                        required?: number;
                        spent?: number;
                        resets_at?: string;
                    };
                };
            };
            /** @description Default Response */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        /** @enum {string} */
                        code: "invalid_request" | "unauthorized" | "forbidden" | "account_blocked" | "not_found" | "insufficient_tokens" | "spend_limit_daily" | "spend_limit_monthly" | "model_off" | "idempotency_key_reused" | "idempotency_key_in_progress" | "conflict" | "too_large" | "unsupported_media_type" | "rate_limited" | "too_many_running" | "server_error" | "unavailable";
                        detail?: string;
                        errors?: {
                            field: string;
                            code: string;
                            message: string;
                        }[];
                        limit?: number;
                        required?: number;
                        spent?: number;
                        resets_at?: string;
                    };
                };
            };
        };
    };
    uploadRecording: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    /** Format: binary */
                    audio: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        url: string;
                        mime: string;
                        duration_ms: number;
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        /** @enum {string} */
                        code: "invalid_request" | "unauthorized" | "forbidden" | "account_blocked" | "not_found" | "insufficient_tokens" | "spend_limit_daily" | "spend_limit_monthly" | "model_off" | "idempotency_key_reused" | "idempotency_key_in_progress" | "conflict" | "too_large" | "unsupported_media_type" | "rate_limited" | "too_many_running" | "server_error" | "unavailable";
                        detail?: string;
                        errors?: {
                            field: string;
                            code: string;
                            message: string;
                        }[];
                        limit?: number;
                        required?: number;
                        spent?: number;
                        resets_at?: string;
                    };
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        /** @enum {string} */
                        code: "invalid_request" | "unauthorized" | "forbidden" | "account_blocked" | "not_found" | "insufficient_tokens" | "spend_limit_daily" | "spend_limit_monthly" | "model_off" | "idempotency_key_reused" | "idempotency_key_in_progress" | "conflict" | "too_large" | "unsupported_media_type" | "rate_limited" | "too_many_running" | "server_error" | "unavailable";
                        detail?: string;
                        errors?: {
                            field: string;
                            code: string;
                            message: string;
                        }[];
                        limit?: number;
                        required?: number;
                        spent?: number;
                        resets_at?: string;
                    };
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        /** @enum {string} */
                        code: "invalid_request" | "unauthorized" | "forbidden" | "account_blocked" | "not_found" | "insufficient_tokens" | "spend_limit_daily" | "spend_limit_monthly" | "model_off" | "idempotency_key_reused" | "idempotency_key_in_progress" | "conflict" | "too_large" | "unsupported_media_type" | "rate_limited" | "too_many_running" | "server_error" | "unavailable";
                        detail?: string;
                        errors?: {
                            field: string;
                            code: string;
                            message: string;
                        }[];
                        limit?: number;
                        required?: number;
                        spent?: number;
                        resets_at?: string;
                    };
                };
            };
            /** @description Default Response */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        /** @enum {string} */
                        code: "invalid_request" | "unauthorized" | "forbidden" | "account_blocked" | "not_found" | "insufficient_tokens" | "spend_limit_daily" | "spend_limit_monthly" | "model_off" | "idempotency_key_reused" | "idempotency_key_in_progress" | "conflict" | "too_large" | "unsupported_media_type" | "rate_limited" | "too_many_running" | "server_error" | "unavailable";
                        detail?: string;
                        errors?: {
                            field: string;
                            code: string;
                            message: string;
                        }[];
                        limit?: number;
                        required?: number;
                        spent?: number;
                        resets_at?: string;
                    };
                };
            };
            /** @description Default Response */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        /** @enum {string} */
                        code: "invalid_request" | "unauthorized" | "forbidden" | "account_blocked" | "not_found" | "insufficient_tokens" | "spend_limit_daily" | "spend_limit_monthly" | "model_off" | "idempotency_key_reused" | "idempotency_key_in_progress" | "conflict" | "too_large" | "unsupported_media_type" | "rate_limited" | "too_many_running" | "server_error" | "unavailable";
                        detail?: string;
                        errors?: {
                            field: string;
                            code: string;
                            message: string;
                        }[];
                        limit?: number;
                        required?: number;
                        spent?: number;
                        resets_at?: string;
                    };
                };
            };
            /** @description Default Response */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        /** @enum {string} */
                        code: "invalid_request" | "unauthorized" | "forbidden" | "account_blocked" | "not_found" | "insufficient_tokens" | "spend_limit_daily" | "spend_limit_monthly" | "model_off" | "idempotency_key_reused" | "idempotency_key_in_progress" | "conflict" | "too_large" | "unsupported_media_type" | "rate_limited" | "too_many_running" | "server_error" | "unavailable";
                        detail?: string;
                        errors?: {
                            field: string;
                            code: string;
                            message: string;
                        }[];
                        limit?: number;
                        required?: number;
                        spent?: number;
                        resets_at?: string;
                    };
                };
            };
            /** @description Default Response */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        /** @enum {string} */
                        code: "invalid_request" | "unauthorized" | "forbidden" | "account_blocked" | "not_found" | "insufficient_tokens" | "spend_limit_daily" | "spend_limit_monthly" | "model_off" | "idempotency_key_reused" | "idempotency_key_in_progress" | "conflict" | "too_large" | "unsupported_media_type" | "rate_limited" | "too_many_running" | "server_error" | "unavailable";
                        detail?: string;
                        errors?: {
                            field: string;
                            code: string;
                            message: string;
                        }[];
                        limit?: number;
                        required?: number;
                        spent?: number;
                        resets_at?: string;
                    };
                };
            };
            /** @description Default Response */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        /** @enum {string} */
                        code: "invalid_request" | "unauthorized" | "forbidden" | "account_blocked" | "not_found" | "insufficient_tokens" | "spend_limit_daily" | "spend_limit_monthly" | "model_off" | "idempotency_key_reused" | "idempotency_key_in_progress" | "conflict" | "too_large" | "unsupported_media_type" | "rate_limited" | "too_many_running" | "server_error" | "unavailable";
                        detail?: string;
                        errors?: {
                            field: string;
                            code: string;
                            message: string;
                        }[];
                        limit?: number;
                        required?: number;
                        spent?: number;
                        resets_at?: string;
                    };
                };
            };
        };
    };
    listElements: {
        parameters: {
            query?: {
                archived?: "true" | "false";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: {
                            id: string;
                            /** @enum {string} */
                            kind: "character" | "product";
                            name: string;
                            description: string;
                            cover: {
                                id: string;
                                url: string;
                                width: number;
                                height: number;
                            } | null;
                            pictures: {
                                id: string;
                                url: string;
                                width: number;
                                height: number;
                            }[];
                            archived: boolean;
                            created: string;
                            updated: string;
                        }[];
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        /** @enum {string} */
                        code: "invalid_request" | "unauthorized" | "forbidden" | "account_blocked" | "not_found" | "insufficient_tokens" | "spend_limit_daily" | "spend_limit_monthly" | "model_off" | "idempotency_key_reused" | "idempotency_key_in_progress" | "conflict" | "too_large" | "unsupported_media_type" | "rate_limited" | "too_many_running" | "server_error" | "unavailable";
                        detail?: string;
                        errors?: {
                            field: string;
                            code: string;
                            message: string;
                        }[];
                        limit?: number;
                        required?: number;
                        spent?: number;
                        resets_at?: string;
                    };
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        /** @enum {string} */
                        code: "invalid_request" | "unauthorized" | "forbidden" | "account_blocked" | "not_found" | "insufficient_tokens" | "spend_limit_daily" | "spend_limit_monthly" | "model_off" | "idempotency_key_reused" | "idempotency_key_in_progress" | "conflict" | "too_large" | "unsupported_media_type" | "rate_limited" | "too_many_running" | "server_error" | "unavailable";
                        detail?: string;
                        errors?: {
                            field: string;
                            code: string;
                            message: string;
                        }[];
                        limit?: number;
                        required?: number;
                        spent?: number;
                        resets_at?: string;
                    };
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        /** @enum {string} */
                        code: "invalid_request" | "unauthorized" | "forbidden" | "account_blocked" | "not_found" | "insufficient_tokens" | "spend_limit_daily" | "spend_limit_monthly" | "model_off" | "idempotency_key_reused" | "idempotency_key_in_progress" | "conflict" | "too_large" | "unsupported_media_type" | "rate_limited" | "too_many_running" | "server_error" | "unavailable";
                        detail?: string;
                        errors?: {
                            field: string;
                            code: string;
                            message: string;
                        }[];
                        limit?: number;
                        required?: number;
                        spent?: number;
                        resets_at?: string;
                    };
                };
            };
            /** @description Default Response */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        /** @enum {string} */
                        code: "invalid_request" | "unauthorized" | "forbidden" | "account_blocked" | "not_found" | "insufficient_tokens" | "spend_limit_daily" | "spend_limit_monthly" | "model_off" | "idempotency_key_reused" | "idempotency_key_in_progress" | "conflict" | "too_large" | "unsupported_media_type" | "rate_limited" | "too_many_running" | "server_error" | "unavailable";
                        detail?: string;
                        errors?: {
                            field: string;
                            code: string;
                            message: string;
                        }[];
                        limit?: number;
                        required?: number;
                        spent?: number;
                        resets_at?: string;
                    };
                };
            };
            /** @description Default Response */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        /** @enum {string} */
                        code: "invalid_request" | "unauthorized" | "forbidden" | "account_blocked" | "not_found" | "insufficient_tokens" | "spend_limit_daily" | "spend_limit_monthly" | "model_off" | "idempotency_key_reused" | "idempotency_key_in_progress" | "conflict" | "too_large" | "unsupported_media_type" | "rate_limited" | "too_many_running" | "server_error" | "unavailable";
                        detail?: string;
                        errors?: {
                            field: string;
                            code: string;
                            message: string;
                        }[];
                        limit?: number;
                        required?: number;
                        spent?: number;
                        resets_at?: string;
                    };
                };
            };
            /** @description Default Response */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        /** @enum {string} */
                        code: "invalid_request" | "unauthorized" | "forbidden" | "account_blocked" | "not_found" | "insufficient_tokens" | "spend_limit_daily" | "spend_limit_monthly" | "model_off" | "idempotency_key_reused" | "idempotency_key_in_progress" | "conflict" | "too_large" | "unsupported_media_type" | "rate_limited" | "too_many_running" | "server_error" | "unavailable";
                        detail?: string;
                        errors?: {
                            field: string;
                            code: string;
                            message: string;
                        }[];
                        limit?: number;
                        required?: number;
                        spent?: number;
                        resets_at?: string;
                    };
                };
            };
        };
    };
    createElement: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    kind: "character" | "product";
                    name: string;
                    description?: string;
                    pictures: string[];
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        /** @enum {string} */
                        kind: "character" | "product";
                        name: string;
                        description: string;
                        cover: {
                            id: string;
                            url: string;
                            width: number;
                            height: number;
                        } | null;
                        pictures: {
                            id: string;
                            url: string;
                            width: number;
                            height: number;
                        }[];
                        archived: boolean;
                        created: string;
                        updated: string;
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        /** @enum {string} */
                        code: "invalid_request" | "unauthorized" | "forbidden" | "account_blocked" | "not_found" | "insufficient_tokens" | "spend_limit_daily" | "spend_limit_monthly" | "model_off" | "idempotency_key_reused" | "idempotency_key_in_progress" | "conflict" | "too_large" | "unsupported_media_type" | "rate_limited" | "too_many_running" | "server_error" | "unavailable";
                        detail?: string;
                        errors?: {
                            field: string;
                            code: string;
                            message: string;
                        }[];
                        limit?: number;
                        required?: number;
                        spent?: number;
                        resets_at?: string;
                    };
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        /** @enum {string} */
                        code: "invalid_request" | "unauthorized" | "forbidden" | "account_blocked" | "not_found" | "insufficient_tokens" | "spend_limit_daily" | "spend_limit_monthly" | "model_off" | "idempotency_key_reused" | "idempotency_key_in_progress" | "conflict" | "too_large" | "unsupported_media_type" | "rate_limited" | "too_many_running" | "server_error" | "unavailable";
                        detail?: string;
                        errors?: {
                            field: string;
                            code: string;
                            message: string;
                        }[];
                        limit?: number;
                        required?: number;
                        spent?: number;
                        resets_at?: string;
                    };
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        /** @enum {string} */
                        code: "invalid_request" | "unauthorized" | "forbidden" | "account_blocked" | "not_found" | "insufficient_tokens" | "spend_limit_daily" | "spend_limit_monthly" | "model_off" | "idempotency_key_reused" | "idempotency_key_in_progress" | "conflict" | "too_large" | "unsupported_media_type" | "rate_limited" | "too_many_running" | "server_error" | "unavailable";
                        detail?: string;
                        errors?: {
                            field: string;
                            code: string;
                            message: string;
                        }[];
                        limit?: number;
                        required?: number;
                        spent?: number;
                        resets_at?: string;
                    };
                };
            };
            /** @description Default Response */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        /** @enum {string} */
                        code: "invalid_request" | "unauthorized" | "forbidden" | "account_blocked" | "not_found" | "insufficient_tokens" | "spend_limit_daily" | "spend_limit_monthly" | "model_off" | "idempotency_key_reused" | "idempotency_key_in_progress" | "conflict" | "too_large" | "unsupported_media_type" | "rate_limited" | "too_many_running" | "server_error" | "unavailable";
                        detail?: string;
                        errors?: {
                            field: string;
                            code: string;
                            message: string;
                        }[];
                        limit?: number;
                        required?: number;
                        spent?: number;
                        resets_at?: string;
                    };
                };
            };
            /** @description Default Response */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        /** @enum {string} */
                        code: "invalid_request" | "unauthorized" | "forbidden" | "account_blocked" | "not_found" | "insufficient_tokens" | "spend_limit_daily" | "spend_limit_monthly" | "model_off" | "idempotency_key_reused" | "idempotency_key_in_progress" | "conflict" | "too_large" | "unsupported_media_type" | "rate_limited" | "too_many_running" | "server_error" | "unavailable";
                        detail?: string;
                        errors?: {
                            field: string;
                            code: string;
                            message: string;
                        }[];
                        limit?: number;
                        required?: number;
                        spent?: number;
                        resets_at?: string;
                    };
                };
            };
            /** @description Default Response */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        /** @enum {string} */
                        code: "invalid_request" | "unauthorized" | "forbidden" | "account_blocked" | "not_found" | "insufficient_tokens" | "spend_limit_daily" | "spend_limit_monthly" | "model_off" | "idempotency_key_reused" | "idempotency_key_in_progress" | "conflict" | "too_large" | "unsupported_media_type" | "rate_limited" | "too_many_running" | "server_error" | "unavailable";
                        detail?: string;
                        errors?: {
                            field: string;
                            code: string;
                            message: string;
                        }[];
                        limit?: number;
                        required?: number;
                        spent?: number;
                        resets_at?: string;
                    };
                };
            };
            /** @description Default Response */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        /** @enum {string} */
                        code: "invalid_request" | "unauthorized" | "forbidden" | "account_blocked" | "not_found" | "insufficient_tokens" | "spend_limit_daily" | "spend_limit_monthly" | "model_off" | "idempotency_key_reused" | "idempotency_key_in_progress" | "conflict" | "too_large" | "unsupported_media_type" | "rate_limited" | "too_many_running" | "server_error" | "unavailable";
                        detail?: string;
                        errors?: {
                            field: string;
                            code: string;
                            message: string;
                        }[];
                        limit?: number;
                        required?: number;
                        spent?: number;
                        resets_at?: string;
                    };
                };
            };
        };
    };
    getElement: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        /** @enum {string} */
                        kind: "character" | "product";
                        name: string;
                        description: string;
                        cover: {
                            id: string;
                            url: string;
                            width: number;
                            height: number;
                        } | null;
                        pictures: {
                            id: string;
                            url: string;
                            width: number;
                            height: number;
                        }[];
                        archived: boolean;
                        created: string;
                        updated: string;
                    };
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        /** @enum {string} */
                        code: "invalid_request" | "unauthorized" | "forbidden" | "account_blocked" | "not_found" | "insufficient_tokens" | "spend_limit_daily" | "spend_limit_monthly" | "model_off" | "idempotency_key_reused" | "idempotency_key_in_progress" | "conflict" | "too_large" | "unsupported_media_type" | "rate_limited" | "too_many_running" | "server_error" | "unavailable";
                        detail?: string;
                        errors?: {
                            field: string;
                            code: string;
                            message: string;
                        }[];
                        limit?: number;
                        required?: number;
                        spent?: number;
                        resets_at?: string;
                    };
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        /** @enum {string} */
                        code: "invalid_request" | "unauthorized" | "forbidden" | "account_blocked" | "not_found" | "insufficient_tokens" | "spend_limit_daily" | "spend_limit_monthly" | "model_off" | "idempotency_key_reused" | "idempotency_key_in_progress" | "conflict" | "too_large" | "unsupported_media_type" | "rate_limited" | "too_many_running" | "server_error" | "unavailable";
                        detail?: string;
                        errors?: {
                            field: string;
                            code: string;
                            message: string;
                        }[];
                        limit?: number;
                        required?: number;
                        spent?: number;
                        resets_at?: string;
                    };
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        /** @enum {string} */
                        code: "invalid_request" | "unauthorized" | "forbidden" | "account_blocked" | "not_found" | "insufficient_tokens" | "spend_limit_daily" | "spend_limit_monthly" | "model_off" | "idempotency_key_reused" | "idempotency_key_in_progress" | "conflict" | "too_large" | "unsupported_media_type" | "rate_limited" | "too_many_running" | "server_error" | "unavailable";
                        detail?: string;
                        errors?: {
                            field: string;
                            code: string;
                            message: string;
                        }[];
                        limit?: number;
                        required?: number;
                        spent?: number;
                        resets_at?: string;
                    };
                };
            };
            /** @description Default Response */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        /** @enum {string} */
                        code: "invalid_request" | "unauthorized" | "forbidden" | "account_blocked" | "not_found" | "insufficient_tokens" | "spend_limit_daily" | "spend_limit_monthly" | "model_off" | "idempotency_key_reused" | "idempotency_key_in_progress" | "conflict" | "too_large" | "unsupported_media_type" | "rate_limited" | "too_many_running" | "server_error" | "unavailable";
                        detail?: string;
                        errors?: {
                            field: string;
                            code: string;
                            message: string;
                        }[];
                        limit?: number;
                        required?: number;
                        spent?: number;
                        resets_at?: string;
                    };
                };
            };
            /** @description Default Response */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        /** @enum {string} */
                        code: "invalid_request" | "unauthorized" | "forbidden" | "account_blocked" | "not_found" | "insufficient_tokens" | "spend_limit_daily" | "spend_limit_monthly" | "model_off" | "idempotency_key_reused" | "idempotency_key_in_progress" | "conflict" | "too_large" | "unsupported_media_type" | "rate_limited" | "too_many_running" | "server_error" | "unavailable";
                        detail?: string;
                        errors?: {
                            field: string;
                            code: string;
                            message: string;
                        }[];
                        limit?: number;
                        required?: number;
                        spent?: number;
                        resets_at?: string;
                    };
                };
            };
            /** @description Default Response */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        /** @enum {string} */
                        code: "invalid_request" | "unauthorized" | "forbidden" | "account_blocked" | "not_found" | "insufficient_tokens" | "spend_limit_daily" | "spend_limit_monthly" | "model_off" | "idempotency_key_reused" | "idempotency_key_in_progress" | "conflict" | "too_large" | "unsupported_media_type" | "rate_limited" | "too_many_running" | "server_error" | "unavailable";
                        detail?: string;
                        errors?: {
                            field: string;
                            code: string;
                            message: string;
                        }[];
                        limit?: number;
                        required?: number;
                        spent?: number;
                        resets_at?: string;
                    };
                };
            };
        };
    };
    deleteElement: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No content. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        /** @enum {string} */
                        code: "invalid_request" | "unauthorized" | "forbidden" | "account_blocked" | "not_found" | "insufficient_tokens" | "spend_limit_daily" | "spend_limit_monthly" | "model_off" | "idempotency_key_reused" | "idempotency_key_in_progress" | "conflict" | "too_large" | "unsupported_media_type" | "rate_limited" | "too_many_running" | "server_error" | "unavailable";
                        detail?: string;
                        errors?: {
                            field: string;
                            code: string;
                            message: string;
                        }[];
                        limit?: number;
                        required?: number;
                        spent?: number;
                        resets_at?: string;
                    };
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        /** @enum {string} */
                        code: "invalid_request" | "unauthorized" | "forbidden" | "account_blocked" | "not_found" | "insufficient_tokens" | "spend_limit_daily" | "spend_limit_monthly" | "model_off" | "idempotency_key_reused" | "idempotency_key_in_progress" | "conflict" | "too_large" | "unsupported_media_type" | "rate_limited" | "too_many_running" | "server_error" | "unavailable";
                        detail?: string;
                        errors?: {
                            field: string;
                            code: string;
                            message: string;
                        }[];
                        limit?: number;
                        required?: number;
                        spent?: number;
                        resets_at?: string;
                    };
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        /** @enum {string} */
                        code: "invalid_request" | "unauthorized" | "forbidden" | "account_blocked" | "not_found" | "insufficient_tokens" | "spend_limit_daily" | "spend_limit_monthly" | "model_off" | "idempotency_key_reused" | "idempotency_key_in_progress" | "conflict" | "too_large" | "unsupported_media_type" | "rate_limited" | "too_many_running" | "server_error" | "unavailable";
                        detail?: string;
                        errors?: {
                            field: string;
                            code: string;
                            message: string;
                        }[];
                        limit?: number;
                        required?: number;
                        spent?: number;
                        resets_at?: string;
                    };
                };
            };
            /** @description Default Response */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        /** @enum {string} */
                        code: "invalid_request" | "unauthorized" | "forbidden" | "account_blocked" | "not_found" | "insufficient_tokens" | "spend_limit_daily" | "spend_limit_monthly" | "model_off" | "idempotency_key_reused" | "idempotency_key_in_progress" | "conflict" | "too_large" | "unsupported_media_type" | "rate_limited" | "too_many_running" | "server_error" | "unavailable";
                        detail?: string;
                        errors?: {
                            field: string;
                            code: string;
                            message: string;
                        }[];
                        limit?: number;
                        required?: number;
                        spent?: number;
                        resets_at?: string;
                    };
                };
            };
            /** @description Default Response */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        /** @enum {string} */
                        code: "invalid_request" | "unauthorized" | "forbidden" | "account_blocked" | "not_found" | "insufficient_tokens" | "spend_limit_daily" | "spend_limit_monthly" | "model_off" | "idempotency_key_reused" | "idempotency_key_in_progress" | "conflict" | "too_large" | "unsupported_media_type" | "rate_limited" | "too_many_running" | "server_error" | "unavailable";
                        detail?: string;
                        errors?: {
                            field: string;
                            code: string;
                            message: string;
                        }[];
                        limit?: number;
                        required?: number;
                        spent?: number;
                        resets_at?: string;
                    };
                };
            };
            /** @description Default Response */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        /** @enum {string} */
                        code: "invalid_request" | "unauthorized" | "forbidden" | "account_blocked" | "not_found" | "insufficient_tokens" | "spend_limit_daily" | "spend_limit_monthly" | "model_off" | "idempotency_key_reused" | "idempotency_key_in_progress" | "conflict" | "too_large" | "unsupported_media_type" | "rate_limited" | "too_many_running" | "server_error" | "unavailable";
                        detail?: string;
                        errors?: {
                            field: string;
                            code: string;
                            message: string;
                        }[];
                        limit?: number;
                        required?: number;
                        spent?: number;
                        resets_at?: string;
                    };
                };
            };
        };
    };
    addElementPictures: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    pictures: string[];
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        /** @enum {string} */
                        kind: "character" | "product";
                        name: string;
                        description: string;
                        cover: {
                            id: string;
                            url: string;
                            width: number;
                            height: number;
                        } | null;
                        pictures: {
                            id: string;
                            url: string;
                            width: number;
                            height: number;
                        }[];
                        archived: boolean;
                        created: string;
                        updated: string;
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        /** @enum {string} */
                        code: "invalid_request" | "unauthorized" | "forbidden" | "account_blocked" | "not_found" | "insufficient_tokens" | "spend_limit_daily" | "spend_limit_monthly" | "model_off" | "idempotency_key_reused" | "idempotency_key_in_progress" | "conflict" | "too_large" | "unsupported_media_type" | "rate_limited" | "too_many_running" | "server_error" | "unavailable";
                        detail?: string;
                        errors?: {
                            field: string;
                            code: string;
                            message: string;
                        }[];
                        limit?: number;
                        required?: number;
                        spent?: number;
                        resets_at?: string;
                    };
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        /** @enum {string} */
                        code: "invalid_request" | "unauthorized" | "forbidden" | "account_blocked" | "not_found" | "insufficient_tokens" | "spend_limit_daily" | "spend_limit_monthly" | "model_off" | "idempotency_key_reused" | "idempotency_key_in_progress" | "conflict" | "too_large" | "unsupported_media_type" | "rate_limited" | "too_many_running" | "server_error" | "unavailable";
                        detail?: string;
                        errors?: {
                            field: string;
                            code: string;
                            message: string;
                        }[];
                        limit?: number;
                        required?: number;
                        spent?: number;
                        resets_at?: string;
                    };
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        /** @enum {string} */
                        code: "invalid_request" | "unauthorized" | "forbidden" | "account_blocked" | "not_found" | "insufficient_tokens" | "spend_limit_daily" | "spend_limit_monthly" | "model_off" | "idempotency_key_reused" | "idempotency_key_in_progress" | "conflict" | "too_large" | "unsupported_media_type" | "rate_limited" | "too_many_running" | "server_error" | "unavailable";
                        detail?: string;
                        errors?: {
                            field: string;
                            code: string;
                            message: string;
                        }[];
                        limit?: number;
                        required?: number;
                        spent?: number;
                        resets_at?: string;
                    };
                };
            };
            /** @description Default Response */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        /** @enum {string} */
                        code: "invalid_request" | "unauthorized" | "forbidden" | "account_blocked" | "not_found" | "insufficient_tokens" | "spend_limit_daily" | "spend_limit_monthly" | "model_off" | "idempotency_key_reused" | "idempotency_key_in_progress" | "conflict" | "too_large" | "unsupported_media_type" | "rate_limited" | "too_many_running" | "server_error" | "unavailable";
                        detail?: string;
                        errors?: {
                            field: string;
                            code: string;
                            message: string;
                        }[];
                        limit?: number;
                        required?: number;
                        spent?: number;
                        resets_at?: string;
                    };
                };
            };
            /** @description Default Response */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        /** @enum {string} */
                        code: "invalid_request" | "unauthorized" | "forbidden" | "account_blocked" | "not_found" | "insufficient_tokens" | "spend_limit_daily" | "spend_limit_monthly" | "model_off" | "idempotency_key_reused" | "idempotency_key_in_progress" | "conflict" | "too_large" | "unsupported_media_type" | "rate_limited" | "too_many_running" | "server_error" | "unavailable";
                        detail?: string;
                        errors?: {
                            field: string;
                            code: string;
                            message: string;
                        }[];
                        limit?: number;
                        required?: number;
                        spent?: number;
                        resets_at?: string;
                    };
                };
            };
            /** @description Default Response */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        /** @enum {string} */
                        code: "invalid_request" | "unauthorized" | "forbidden" | "account_blocked" | "not_found" | "insufficient_tokens" | "spend_limit_daily" | "spend_limit_monthly" | "model_off" | "idempotency_key_reused" | "idempotency_key_in_progress" | "conflict" | "too_large" | "unsupported_media_type" | "rate_limited" | "too_many_running" | "server_error" | "unavailable";
                        detail?: string;
                        errors?: {
                            field: string;
                            code: string;
                            message: string;
                        }[];
                        limit?: number;
                        required?: number;
                        spent?: number;
                        resets_at?: string;
                    };
                };
            };
            /** @description Default Response */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        /** @enum {string} */
                        code: "invalid_request" | "unauthorized" | "forbidden" | "account_blocked" | "not_found" | "insufficient_tokens" | "spend_limit_daily" | "spend_limit_monthly" | "model_off" | "idempotency_key_reused" | "idempotency_key_in_progress" | "conflict" | "too_large" | "unsupported_media_type" | "rate_limited" | "too_many_running" | "server_error" | "unavailable";
                        detail?: string;
                        errors?: {
                            field: string;
                            code: string;
                            message: string;
                        }[];
                        limit?: number;
                        required?: number;
                        spent?: number;
                        resets_at?: string;
                    };
                };
            };
        };
    };
    getBalance: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        tokens: number;
                        key: {
                            id: string;
                            allowed_models: string[] | null;
                            /** @enum {string} */
                            scope: "key" | "account";
                            daily_limit: number | null;
                            monthly_limit: number | null;
                            spent_today: number;
                            spent_month: number;
                        };
                    };
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        /** @enum {string} */
                        code: "invalid_request" | "unauthorized" | "forbidden" | "account_blocked" | "not_found" | "insufficient_tokens" | "spend_limit_daily" | "spend_limit_monthly" | "model_off" | "idempotency_key_reused" | "idempotency_key_in_progress" | "conflict" | "too_large" | "unsupported_media_type" | "rate_limited" | "too_many_running" | "server_error" | "unavailable";
                        detail?: string;
                        errors?: {
                            field: string;
                            code: string;
                            message: string;
                        }[];
                        limit?: number;
                        required?: number;
                        spent?: number;
                        resets_at?: string;
                    };
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        /** @enum {string} */
                        code: "invalid_request" | "unauthorized" | "forbidden" | "account_blocked" | "not_found" | "insufficient_tokens" | "spend_limit_daily" | "spend_limit_monthly" | "model_off" | "idempotency_key_reused" | "idempotency_key_in_progress" | "conflict" | "too_large" | "unsupported_media_type" | "rate_limited" | "too_many_running" | "server_error" | "unavailable";
                        detail?: string;
                        errors?: {
                            field: string;
                            code: string;
                            message: string;
                        }[];
                        limit?: number;
                        required?: number;
                        spent?: number;
                        resets_at?: string;
                    };
                };
            };
            /** @description Default Response */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        /** @enum {string} */
                        code: "invalid_request" | "unauthorized" | "forbidden" | "account_blocked" | "not_found" | "insufficient_tokens" | "spend_limit_daily" | "spend_limit_monthly" | "model_off" | "idempotency_key_reused" | "idempotency_key_in_progress" | "conflict" | "too_large" | "unsupported_media_type" | "rate_limited" | "too_many_running" | "server_error" | "unavailable";
                        detail?: string;
                        errors?: {
                            field: string;
                            code: string;
                            message: string;
                        }[];
                        limit?: number;
                        required?: number;
                        spent?: number;
                        resets_at?: string;
                    };
                };
            };
            /** @description Default Response */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        /** @enum {string} */
                        code: "invalid_request" | "unauthorized" | "forbidden" | "account_blocked" | "not_found" | "insufficient_tokens" | "spend_limit_daily" | "spend_limit_monthly" | "model_off" | "idempotency_key_reused" | "idempotency_key_in_progress" | "conflict" | "too_large" | "unsupported_media_type" | "rate_limited" | "too_many_running" | "server_error" | "unavailable";
                        detail?: string;
                        errors?: {
                            field: string;
                            code: string;
                            message: string;
                        }[];
                        limit?: number;
                        required?: number;
                        spent?: number;
                        resets_at?: string;
                    };
                };
            };
            /** @description Default Response */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        /** @enum {string} */
                        code: "invalid_request" | "unauthorized" | "forbidden" | "account_blocked" | "not_found" | "insufficient_tokens" | "spend_limit_daily" | "spend_limit_monthly" | "model_off" | "idempotency_key_reused" | "idempotency_key_in_progress" | "conflict" | "too_large" | "unsupported_media_type" | "rate_limited" | "too_many_running" | "server_error" | "unavailable";
                        detail?: string;
                        errors?: {
                            field: string;
                            code: string;
                            message: string;
                        }[];
                        limit?: number;
                        required?: number;
                        spent?: number;
                        resets_at?: string;
                    };
                };
            };
        };
    };
    getStatement: {
        parameters: {
            query?: {
                cursor?: string;
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: {
                            id: string;
                            created: string;
                            /** @enum {string} */
                            reason: "welcome" | "referral_bonus" | "generation_debit" | "generation_refund" | "training_debit" | "training_refund" | "prompt_improvement_debit" | "prompt_improvement_refund" | "payment_credit" | "referral_commission" | "payment_reversal" | "commission_reversal" | "payment_reinstatement" | "commission_reinstatement" | "adjustment";
                            delta: number;
                            balance_after: number;
                            generation_id: string | null;
                            payment_id: string | null;
                        }[];
                        next_cursor: string | null;
                    };
                };
            };
            /** @description Default Response */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        /** @enum {string} */
                        code: "invalid_request" | "unauthorized" | "forbidden" | "account_blocked" | "not_found" | "insufficient_tokens" | "spend_limit_daily" | "spend_limit_monthly" | "model_off" | "idempotency_key_reused" | "idempotency_key_in_progress" | "conflict" | "too_large" | "unsupported_media_type" | "rate_limited" | "too_many_running" | "server_error" | "unavailable";
                        detail?: string;
                        errors?: {
                            field: string;
                            code: string;
                            message: string;
                        }[];
                        limit?: number;
                        required?: number;
                        spent?: number;
                        resets_at?: string;
                    };
                };
            };
            /** @description Default Response */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        /** @enum {string} */
                        code: "invalid_request" | "unauthorized" | "forbidden" | "account_blocked" | "not_found" | "insufficient_tokens" | "spend_limit_daily" | "spend_limit_monthly" | "model_off" | "idempotency_key_reused" | "idempotency_key_in_progress" | "conflict" | "too_large" | "unsupported_media_type" | "rate_limited" | "too_many_running" | "server_error" | "unavailable";
                        detail?: string;
                        errors?: {
                            field: string;
                            code: string;
                            message: string;
                        }[];
                        limit?: number;
                        required?: number;
                        spent?: number;
                        resets_at?: string;
                    };
                };
            };
            /** @description Default Response */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        /** @enum {string} */
                        code: "invalid_request" | "unauthorized" | "forbidden" | "account_blocked" | "not_found" | "insufficient_tokens" | "spend_limit_daily" | "spend_limit_monthly" | "model_off" | "idempotency_key_reused" | "idempotency_key_in_progress" | "conflict" | "too_large" | "unsupported_media_type" | "rate_limited" | "too_many_running" | "server_error" | "unavailable";
                        detail?: string;
                        errors?: {
                            field: string;
                            code: string;
                            message: string;
                        }[];
                        limit?: number;
                        required?: number;
                        spent?: number;
                        resets_at?: string;
                    };
                };
            };
            /** @description Default Response */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        /** @enum {string} */
                        code: "invalid_request" | "unauthorized" | "forbidden" | "account_blocked" | "not_found" | "insufficient_tokens" | "spend_limit_daily" | "spend_limit_monthly" | "model_off" | "idempotency_key_reused" | "idempotency_key_in_progress" | "conflict" | "too_large" | "unsupported_media_type" | "rate_limited" | "too_many_running" | "server_error" | "unavailable";
                        detail?: string;
                        errors?: {
                            field: string;
                            code: string;
                            message: string;
                        }[];
                        limit?: number;
                        required?: number;
                        spent?: number;
                        resets_at?: string;
                    };
                };
            };
            /** @description Default Response */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        /** @enum {string} */
                        code: "invalid_request" | "unauthorized" | "forbidden" | "account_blocked" | "not_found" | "insufficient_tokens" | "spend_limit_daily" | "spend_limit_monthly" | "model_off" | "idempotency_key_reused" | "idempotency_key_in_progress" | "conflict" | "too_large" | "unsupported_media_type" | "rate_limited" | "too_many_running" | "server_error" | "unavailable";
                        detail?: string;
                        errors?: {
                            field: string;
                            code: string;
                            message: string;
                        }[];
                        limit?: number;
                        required?: number;
                        spent?: number;
                        resets_at?: string;
                    };
                };
            };
            /** @description Default Response */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": {
                        type: string;
                        title: string;
                        status: number;
                        /** @enum {string} */
                        code: "invalid_request" | "unauthorized" | "forbidden" | "account_blocked" | "not_found" | "insufficient_tokens" | "spend_limit_daily" | "spend_limit_monthly" | "model_off" | "idempotency_key_reused" | "idempotency_key_in_progress" | "conflict" | "too_large" | "unsupported_media_type" | "rate_limited" | "too_many_running" | "server_error" | "unavailable";
                        detail?: string;
                        errors?: {
                            field: string;
                            code: string;
                            message: string;
                        }[];
                        limit?: number;
                        required?: number;
                        spent?: number;
                        resets_at?: string;
                    };
                };
            };
        };
    };
    getOpenApi: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The OpenAPI document. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
}
