#pragma once
// Many spheres in a VtkView: one glyph mapper draws every
// particle of a frame as an instanced sphere scaled by its radius and
// coloured by its speed (dark blue at rest to yellow at the scale's top), so
// 100,000 particles and more stay interactive; the obstacles (planes drawn
// as patches over the domain, boxes, cylinders) are ordinary actors.
//
// No VTK type appears here (see SceneRenderer.h for why).
#include <Eigen/Geometry>

#include <memory>

#include "sim/granular/GranularRun.h"

namespace impactlab::ui {

class VtkView;

class ParticleRenderer {
public:
    explicit ParticleRenderer(VtkView& view);
    ~ParticleRenderer();

    ParticleRenderer(const ParticleRenderer&) = delete;
    ParticleRenderer& operator=(const ParticleRenderer&) = delete;

    // The static scene: `domain` bounds the drawn plane patches and frames the camera.
    void setObstacles(const granular::GranularWorld& world, const Eigen::AlignedBox3d& domain);
    // The particles of `frame`, coloured on [0, speedScale] m/s.
    void setFrame(const granular::GranularFrame& frame, double speedScale);
    int particleCount() const;
    void resetCamera();

private:
    struct Impl;
    std::unique_ptr<Impl> d_;
};

}  // namespace impactlab::ui
