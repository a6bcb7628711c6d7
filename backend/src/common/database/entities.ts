/** Every TypeORM entity of the product. A module adds its entities here. */
// eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
export const ENTITIES: Function[] = [];
