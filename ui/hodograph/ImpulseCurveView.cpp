#include "ImpulseCurveView.h"

#include "render/ImpulseCurveRenderer.h"

namespace impactlab::ui {

ImpulseCurveView::ImpulseCurveView(QWidget* parent)
    : VtkView(parent), renderer_(std::make_unique<ImpulseCurveRenderer>(*this)) {}

// The renderer detaches from the view (still alive here) before VtkView's
// destructor releases the GL resources.
ImpulseCurveView::~ImpulseCurveView() { renderer_.reset(); }

void ImpulseCurveView::setCurve(const ImpulseCurve3D& curve) {
    renderer_->setCurve(curve);
    hasCurve_ = true;
}

void ImpulseCurveView::clear() {
    renderer_->clear();
    hasCurve_ = false;
}

}  // namespace impactlab::ui
