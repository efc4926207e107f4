// The one script of the pages that run no React (app/lib/page-scripts.ts): each part takes over
// what it finds on the page. Then <html data-enhanced> says it is ready (the end-to-end tests
// wait for it as they wait for React's hydration elsewhere).
import { enhanceForms } from "./forms";
import { enhanceGalleries } from "./gallery";
import { enhanceHome } from "./home";
import { enhanceImages } from "./images";
import { enhanceQuickView } from "./quick-view";
import { enhanceSaved } from "./saved";
import { enhanceShare } from "./share";

enhanceImages();
enhanceSaved();
enhanceForms();
enhanceGalleries();
enhanceQuickView();
enhanceShare();
enhanceHome();
document.documentElement.setAttribute("data-enhanced", "");
