export const KAFKA = Symbol('KAFKA');
