#pragma once
// Tessellation of the spheres the 3D views draw, at full quality and in the
// reduced frames drawn while a scene changes (VtkView::setInteractiveMapper).
// No VTK here: pages that build meshes for MeshRenderer include it too.

namespace impactlab::ui {

// Segments of a full sphere, round and pole to pole.
struct SphereDetail {
    int round;
    int poleToPole;
};

// 48 by 32 keep the silhouette smooth at the sizes bodies take on screen
// (Phong shading hides the facets inside it).
inline constexpr SphereDetail kFullSphereDetail{48, 32};
// A reduced frame has a third of the resolution or less, where a 50-pixel
// sphere is ~17 pixels: 16 segments round keep its chord sag under half a
// pixel, and the frame draws a tenth of the full sphere's triangles.
inline constexpr SphereDetail kInteractiveSphereDetail{16, 12};

}  // namespace impactlab::ui
