/**
 * Objects the sprite agent draws as recipes of parts (sprites/items/objects.ts): vehicles, machines,
 * buildings and furniture of many settings. `isA` is a broader thing another agent draws in its
 * stead, only where that is honest (a stagecoach is a cart, a jail a house).
 */
import type { SubjectTable } from "./table.js";

export const OBJECT_SUBJECTS: SubjectTable = {
  // vehicles
  locomotive: { words: "locomotives train trains steamtrain" },
  stagecoach: { words: "stagecoaches carriage carriages buggy", isA: "cart" },
  coveredwagon: { isA: "cart" },
  minecart: { words: "minecarts", isA: "cart" },
  rover: { words: "rovers moonbuggy" },
  submarine: { words: "submarines sub submersible bathysphere" },
  airship: { words: "airships zeppelin zeppelins blimp blimps dirigible dirigibles skyship", isA: "ship" },
  balloon: { words: "balloons" },
  pod: { words: "pods capsule" },
  quadcopter: { words: "quadcopters" },
  sled: { words: "sleds sledge sleigh sleighs toboggan dogsled" },
  rickshaw: { words: "rickshaws" },
  car: { words: "cars automobile jalopy motorcar" },
  // machines and fixtures
  generator: { words: "generators dynamo" },
  pump: { words: "pumps" },
  windpump: { words: "windpumps", isA: "windmill" },
  derrick: { words: "derricks" },
  satellitedish: {},
  sentrygun: {},
  charger: { words: "chargers" },
  press: { words: "presses" },
  terminal: { words: "terminals computer computers console monitor" },
  lamppost: { words: "lampposts streetlamp streetlight", isA: "lantern" },
  pipe: { words: "pipes pipeline piping" },
  watertower: {},
  // buildings
  saloon: { words: "saloons", isA: "house" },
  jail: { words: "jails jailhouse prison gaol", isA: "house" },
  bank: { words: "banks", isA: "house" },
  storefront: { words: "storefronts mercantile", isA: "house" },
  belltower: { words: "belfry campanile", isA: "tower" },
  pagoda: { words: "pagodas", isA: "temple" },
  torii: {},
  igloo: { words: "igloos" },
  tepee: { words: "tepees teepee teepees tipi tipis wigwam" },
  bigtop: {},
  habitat: { words: "habitats" },
  stilthut: {},
  // furniture and props
  coffin: { words: "coffins casket caskets sarcophagus" },
  piano: { words: "pianos" },
  hammock: { words: "hammocks" },
  tumbleweed: { words: "tumbleweeds" },
  teapot: { words: "teapots coffeepot percolator" },
  cratestack: {},
  parachute: { words: "parachutes" },
  bars: {},
  figurehead: { words: "figureheads" },
};
