/** The product's name in titles and headers (its own module: the viewer page has no router). */
export const APP_NAME = "iGo";
