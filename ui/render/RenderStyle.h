#pragma once
// Internal to ui/render: the look the renderers share, as plain values (no
// VTK here). A value one renderer alone uses stays in its .cpp.
#include <Eigen/Core>

namespace impactlab::ui::render {

// A vertical gradient behind a 3D view; each renderer names its own.
struct Backdrop {
    Eigen::Vector3d top;
    Eigen::Vector3d bottom;
};

// The contact-point marker of the scene and mesh views: a yellow sphere,
// smooth at any size it is drawn, alike in both views.
inline const Eigen::Vector3d kContactMarkerColor{1.0, 0.85, 0.0};
inline constexpr int kContactMarkerResolution = 24;
// Walls, obstacles and the plane of compression are see-through, so what
// lies behind them (bodies, particles, the impulse curve) stays visible.
inline constexpr double kSeeThroughOpacity = 0.35;

}  // namespace impactlab::ui::render
