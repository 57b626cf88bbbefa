import fastifyCookie, { type SerializeOptions } from '@fastify/cookie';
import type { FastifyReply } from 'fastify';

/**
 * Adds a cookie to the answer. Fastify keeps every Set-Cookie it is given, and express-session adds
 * the session's own as the answer goes out. (@fastify/cookie's plugin did this, but its hook also
 * parsed every /api request's cookies, which only the session needs; its cost is in ADR 0021.)
 */
export function setCookie(reply: FastifyReply, name: string, value: string, options: SerializeOptions): void {
  void reply.header('Set-Cookie', fastifyCookie.serialize(name, value, options));
}

/** Tells the browser to drop a cookie; `options` must match the path and domain it was set with. */
export function clearCookie(reply: FastifyReply, name: string, options: SerializeOptions): void {
  setCookie(reply, name, '', { ...options, expires: new Date(0), maxAge: 0 });
}
