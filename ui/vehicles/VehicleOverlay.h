#pragma once
// Ground-plane overlay of a vehicle collision (core/vehicle/VehicleCollision.h)
// in a VtkView, drawn on top of whatever scene the view holds (e.g. a
// SceneRenderer's ground). World convention as in the 3D view: z up, ground
// at z = 0; everything here lies a few centimetres above the ground, in
// layers, so nothing flickers against the ground or the grid.
//
// What is drawn:
//   outlines       each vehicle's length x width rectangle at impact (thin,
//                  dark), and the trace of the contact plane through P;
//   velocities     an arrow from each vehicle's CG for its velocity before the
//                  impact (blue) and after it (green). Length = speed times
//                  velocityScale() metres per m/s (default 0.25 m per m/s,
//                  i.e. 4 m/s per metre of arrow; stated in the view's caption);
//   impulse        the impulse on each vehicle (J on vehicle 1, -J on
//                  vehicle 2; their horizontal parts) as arrows from the
//                  impact point P (dark red), each drawn as the delta-V it
//                  gives its vehicle (|J| / m_i) on the same velocity scale;
//   friction cones the paper's cones at P (text after eq. 64), real 3D
//                  cones of semi-angle atan(mu) with horizontal axes: about
//                  +n for vehicle 1 (reddish purple; its impulse J lies in
//                  it) and about -n for vehicle 2 (sky blue; -J lies in it),
//                  for mu_user, translucent and lit, each with its rim and
//                  four generators (the two horizontal ones bound the planar
//                  wedge |J_t| <= mu J_n) drawn opaque and darker; when mu~
//                  binds (mu < mu_user), a narrower orange cone for the mu
//                  used inside each. A barrier has no cone. Slant length: 1.4
//                  times vehicle 1's impulse arrow, at least 0.75 of the
//                  narrower vehicle's width. The apex is P lifted into the
//                  overlay's layers (not at the impact height, which the
//                  layers above the roofs do not show);
//   marker         a small dark disc at P;
//   caption        a 2D text in the lower-left corner with the scale, colours
//                  and mu values.
//
// No VTK type appears here.
#include <Eigen/Core>

#include <memory>

#include "vehicle/VehicleCollision.h"

namespace impactlab::ui {

class VtkView;

class VehicleOverlay {
public:
    /// Adds nothing yet; show() adds the actors to `view`'s renderer. If the
    /// view is destroyed first, this object becomes inert.
    explicit VehicleOverlay(VtkView& view);
    ~VehicleOverlay();

    VehicleOverlay(const VehicleOverlay&) = delete;
    VehicleOverlay& operator=(const VehicleOverlay&) = delete;

    /// Replaces what is shown by the overlay of this collision.
    void show(const VehicleCollisionInput& input, const VehicleCollisionResult& result);
    /// Removes every actor of the overlay from the view.
    void clear();
    bool isShown() const;

    /// Arrow length per unit speed, metres per (m/s); > 0. Takes effect at the
    /// next show().
    void setVelocityScale(double metresPerMps);
    double velocityScale() const;

    /// The overlay's extent in the ground plane (x min, y min, x max, y max);
    /// empty box when nothing is shown. For tests. show() reports it to the
    /// view, whose camera frames it with the rest of the scene
    /// (VtkView::setFramedExtent).
    Eigen::Vector4d bounds() const;

    static Eigen::Vector3d velocityBeforeColor();
    static Eigen::Vector3d velocityAfterColor();
    static Eigen::Vector3d impulseColor();
    static Eigen::Vector3d vehicle1ConeColor();   // mu_user cone about +n
    static Eigen::Vector3d vehicle2ConeColor();   // mu_user cone about -n
    static Eigen::Vector3d effectiveConeColor();
    /// The opaque rim and generators of a cone whose surface has `coneColor`.
    static Eigen::Vector3d coneEdgeColor(const Eigen::Vector3d& coneColor);

private:
    struct Impl;
    std::unique_ptr<Impl> d_;
};

}  // namespace impactlab::ui
