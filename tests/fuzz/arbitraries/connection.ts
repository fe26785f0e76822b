import fc from "fast-check";
import { hex24, Input, obj, text, timeouts, word } from "./common";

/**
 * A well-formed connection: an engine or Prometheus endpoint, with or without password and settings prefix, created
 * or adopted (`adoptId` is its only id).
 */
export const connection: fc.Arbitrary<Input> = obj(
    { name: text(100), host: fc.webUrl(), username: fc.oneof(fc.constant(""), word) },
    { password: text(64), observabilitySettingPrefix: word, isPrometheusEndpoint: fc.boolean(), timeouts, adoptId: hex24 },
);
