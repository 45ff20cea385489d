// The 3D viewer of the physics kitchen: a step's binary glTF (from
// `POST /api/render` with `format: "glb"`) in three.js, which the page
// vendors (assets/vendor, pinned), with orbit, pan and zoom. Loaded on
// demand, as a module, by app.js.

import * as THREE from "./three.module.min.js";
import { OrbitControls } from "./OrbitControls.js";
import { GLTFLoader } from "./GLTFLoader.js";

let current = null; // { renderer, controls, observer } of the open viewer

/**
 * Shows `glb` (an ArrayBuffer) in `container`, framed on the node named
 * `focus` (a place, such as `place-oven`) when it has one, else on the
 * whole kitchen. Resolves once the first frame is drawn.
 */
export async function show(container, glb, focus) {
  close();
  const gltf = await new Promise((resolve, reject) =>
    new GLTFLoader().parse(glb, "", resolve, reject));
  const scene = new THREE.Scene();
  scene.background = new THREE.Color(0xf4f1ea);
  scene.add(new THREE.HemisphereLight(0xffffff, 0x8a8070, 2.2));
  const sun = new THREE.DirectionalLight(0xffffff, 1.6);
  sun.position.set(1.5, 3, 2.5);
  scene.add(sun);
  scene.add(gltf.scene);

  const width = Math.max(container.clientWidth, 320);
  const height = Math.round(width * 0.62);
  // preserveDrawingBuffer: a screenshot of the page shows the canvas.
  const renderer = new THREE.WebGLRenderer({ antialias: true, preserveDrawingBuffer: true });
  renderer.setPixelRatio(window.devicePixelRatio || 1);
  renderer.setSize(width, height);
  renderer.domElement.setAttribute("aria-label", "the physics kitchen in 3D: drag to orbit, scroll to zoom, right-drag to pan");
  container.replaceChildren(renderer.domElement);

  const target = (focus && gltf.scene.getObjectByName(focus)) || gltf.scene;
  const box = new THREE.Box3().setFromObject(target);
  const centre = box.getCenter(new THREE.Vector3());
  const size = box.getSize(new THREE.Vector3()).length() || 1;
  const camera = new THREE.PerspectiveCamera(45, width / height, 0.01, 100);
  // In front of it (the kitchen's front is +z), a little above.
  camera.position.copy(centre).add(new THREE.Vector3(0.35 * size, 0.45 * size, 1.1 * size));
  const controls = new OrbitControls(camera, renderer.domElement);
  controls.target.copy(centre);
  controls.update();
  const draw = () => renderer.render(scene, camera);
  controls.addEventListener("change", draw);
  const observer = new ResizeObserver(() => {
    const w = Math.max(container.clientWidth, 320);
    const h = Math.round(w * 0.62);
    renderer.setSize(w, h);
    camera.aspect = w / h;
    camera.updateProjectionMatrix();
    draw();
  });
  observer.observe(container);
  draw();
  current = { renderer, controls, observer };
  container.dataset.drawn = "1";
  container.dataset.meshes = String(countMeshes(gltf.scene));
  container.dataset.focus = target === gltf.scene ? "" : focus;
}

/** Ends the open viewer, if any, and frees its GPU memory. */
export function close() {
  if (!current) return;
  current.observer.disconnect();
  current.controls.dispose();
  current.renderer.dispose();
  current.renderer.domElement.remove();
  current = null;
}

function countMeshes(root) {
  let n = 0;
  root.traverse((o) => { if (o.isMesh) n += 1; });
  return n;
}
