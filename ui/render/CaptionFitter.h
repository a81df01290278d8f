#pragma once
// Internal to ui/render: captions (text actors placed in display pixels) kept
// inside the frame. Each caption's lines are broken between words so that
// they fit the frame's width with the caption's own margin on the right; the
// text its owner set is kept, so a wider frame un-breaks them again.
#include <memory>

class vtkRenderWindow;

namespace impactlab::ui::render {

class CaptionFitter {
public:
    CaptionFitter();
    ~CaptionFitter();
    CaptionFitter(const CaptionFitter&) = delete;
    CaptionFitter& operator=(const CaptionFitter&) = delete;

    // Fits every caption of `window` to a frame `width` pixels wide. A
    // caption whose text, text property and room are as at the last call
    // keeps its wrap (measuring it glyph by glyph costs a millisecond).
    void fit(vtkRenderWindow* window, int width);

private:
    struct Impl;
    std::unique_ptr<Impl> d_;
};

}  // namespace impactlab::ui::render
